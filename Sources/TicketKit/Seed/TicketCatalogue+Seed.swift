import Foundation

extension TicketCatalogue {
    /// The catalogue shipped with TicketKit (`Resources/seed-catalogue.json`): the 107 Italian
    /// provinces with their capitals' coordinates, and real operators with their real fares
    /// where public sources give them; invented data are marked `isSample`. The file's
    /// `"source"` object says where each part comes from. Validated before it is returned.
    public static func seed() throws(CatalogueError) -> TicketCatalogue {
        guard let url = Bundle.module.url(forResource: "seed-catalogue", withExtension: "json", subdirectory: "Resources") else {
            throw .seedUnreadable(reason: "seed-catalogue.json is missing from the bundle")
        }
        let catalogue: TicketCatalogue
        do {
            catalogue = try JSONDecoder().decode(TicketCatalogue.self, from: Data(contentsOf: url))
        } catch {
            throw .seedUnreadable(reason: String(describing: error))
        }
        try catalogue.validate()
        return catalogue
    }
}
