import Foundation

extension TicketCatalogue {
    /// Checks every record and every reference between them; throws the first problem found.
    /// The store runs this on the whole catalogue, with the edit applied, before writing it.
    public func validate() throws(CatalogueError) {
        var provinceCodes = Set<String>()
        for province in provinces {
            try Self.validate(province)
            guard provinceCodes.insert(province.code).inserted else { throw .duplicateCode(province.code, entity: .province) }
        }
        var operatorCodes = Set<String>()
        for op in operators {
            try Self.validate(op)
            guard operatorCodes.insert(op.code).inserted else { throw .duplicateCode(op.code, entity: .operator) }
            for code in op.provinceCodes where !provinceCodes.contains(code) { throw .unknownProvince(code) }
        }
        var productCodes = Set<String>()
        for product in products {
            try Self.validate(product)
            guard productCodes.insert(product.code).inserted else { throw .duplicateCode(product.code, entity: .product) }
            guard operatorCodes.contains(product.operatorCode) else { throw .unknownOperator(product.operatorCode) }
        }
        for op in operators {
            for service in TicketService.allCases where op.offers(service) {
                guard products.contains(where: { $0.operatorCode == op.code && $0.isSold(as: service) }) else {
                    throw .serviceWithoutProduct(operatorCode: op.code, service: service)
                }
            }
        }
    }

    /// The province's own fields, without references.
    public static func validate(_ province: Province) throws(CatalogueError) {
        guard CatalogueRules.isValidProvinceCode(province.code) else {
            throw .invalidCode(province.code, entity: .province, rule: CatalogueRules.provinceCodeRule)
        }
        guard !CatalogueRules.isBlank(province.name), !CatalogueRules.isBlank(province.capital) else {
            throw .emptyName(entity: .province, code: province.code)
        }
        let at = province.capitalCoordinate
        guard (-90...90).contains(at.latitude), (-180...180).contains(at.longitude) else {
            throw .invalidCoordinate(province: province.code)
        }
    }

    /// The operator's own fields, without references.
    public static func validate(_ op: TransportOperator) throws(CatalogueError) {
        guard CatalogueRules.isValidCode(op.code) else {
            throw .invalidCode(op.code, entity: .operator, rule: CatalogueRules.codeRule)
        }
        guard !CatalogueRules.isBlank(op.name) else { throw .emptyName(entity: .operator, code: op.code) }
        guard !op.provinceCodes.isEmpty else { throw .noProvince(operatorCode: op.code) }
        var seen = Set<String>()
        for code in op.provinceCodes where !seen.insert(code).inserted { throw .duplicateCode(code, entity: .province) }
        guard TimeZone(identifier: op.timeZone) != nil else { throw .invalidTimeZone(op.timeZone, operatorCode: op.code) }
        guard op.asOf.isEmpty || FareAge(op.asOf) != nil else { throw .invalidFareDate(op.asOf, product: op.code) }
        if let number = op.smsNumber, !CatalogueRules.isValidSMSNumber(number) {
            throw .invalidSMSNumber(number, operatorCode: op.code)
        }
        if let problem = SMSTemplate.problem(in: op.messageTemplate) {
            throw .invalidTemplate(operatorCode: op.code, reason: problem)
        }
    }

    /// The product's own fields, without references.
    public static func validate(_ product: TicketProduct) throws(CatalogueError) {
        guard CatalogueRules.isValidCode(product.code) else {
            throw .invalidCode(product.code, entity: .product, rule: CatalogueRules.codeRule)
        }
        guard !CatalogueRules.isBlank(product.name) else { throw .emptyName(entity: .product, code: product.code) }
        guard product.price > .zero else { throw .priceNotPositive(product: product.code) }
        guard CatalogueRules.isValidKeyword(product.smsKeyword) else { throw .invalidKeyword(product.smsKeyword, product: product.code) }
        guard product.asOf.isEmpty || FareAge(product.asOf) != nil else { throw .invalidFareDate(product.asOf, product: product.code) }
        switch product.kind {
        case .ride(let minutes):
            guard (1...CatalogueRules.maximumRideMinutes).contains(minutes) else {
                throw .invalidValidity(minutes: minutes, product: product.code)
            }
            guard (1...CatalogueRules.maximumRides).contains(product.rides) else {
                throw .invalidRides(product.rides, product: product.code)
            }
        case .subscription(let type, _):
            guard !CatalogueRules.isBlank(type) else { throw .emptyName(entity: .product, code: product.code) }
            guard product.rides == 1 else { throw .invalidRides(product.rides, product: product.code) }
        }
    }
}
