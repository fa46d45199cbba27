import Foundation
import Hummingbird
import NIOCore
import WebCore

/// A running search's progress as Server-Sent Events: one `data:` line of JSON per step,
/// ending with the final event (`done`, `failed` or `cancelled`).
enum ScholarEvents {
    static func stream(_ jobs: SearchJobs, job: UUID) async throws -> Response {
        guard let events = await jobs.events(of: job) else {
            throw APIError(.notFound, "unknown_job", "There is no search \(job.uuidString): start one with POST /api/scholar/searches.")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                for await event in events {
                    let data = (try? encoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                    try await writer.write(ByteBuffer(string: "event: \(event.kind.rawValue)\ndata: \(data)\n\n"))
                }
                try await writer.finish(nil)
            }
        )
    }
}
