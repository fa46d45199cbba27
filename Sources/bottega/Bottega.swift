import ArgumentParser

@main
struct Bottega: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bottega",
        abstract: "Bottega: Scholar metrics, barcodes, tickets, orders and a shop, from the command line.",
        subcommands: [ServeCommand.self, ScholarCommand.self, BarcodeCommand.self, TicketsCommand.self, OrdersCommand.self, ShopCommand.self]
    )
}
