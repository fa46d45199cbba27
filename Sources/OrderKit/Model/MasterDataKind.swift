/// The kinds of master data the company syncs and the `||` files carry, named as the thesis's
/// protocol names them (`fornitore|cliente|prodotto|sconto`).
public enum MasterDataKind: String, Sendable, Hashable, Codable, CaseIterable {
    case supplier = "fornitore"
    case customer = "cliente"
    case product = "prodotto"
    case discount = "sconto"
}
