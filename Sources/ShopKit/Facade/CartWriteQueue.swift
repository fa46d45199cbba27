/// Changes to one cart, one after another: a cart is written whole (a PUT replaces its rows),
/// so two changes that read it at the same time would each drop the other's row. Changes to
/// different carts run side by side.
public actor CartWriteQueue {
    private var tails: [Int: (token: Int, task: Task<Void, Never>)] = [:]
    private var nextToken = 0

    public init() {}

    public func serialise<Result: Sendable>(cart id: Int, _ operation: @escaping @Sendable () async throws(ShopError) -> Result) async throws(ShopError) -> Result {
        let previous = tails[id]?.task
        let work = Task { () async -> Swift.Result<Result, ShopError> in
            await previous?.value
            do throws(ShopError) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        nextToken += 1
        let token = nextToken
        tails[id] = (token, Task { _ = await work.value })
        let outcome = await work.value
        if tails[id]?.token == token { tails[id] = nil }
        return try outcome.get()
    }
}
