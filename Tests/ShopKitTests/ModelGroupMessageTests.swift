import Foundation
import ShopKit
import Testing

/// Customer groups and customer messages, from the recorded 1.6.1 answers (`groups/3`, the
/// groups list, the customer messages list, which is empty) and the 8.x blank schemas.
@Suite(.enabled(if: DocumentFixtures.present, "\(DocumentFixtures.absent)"))
struct ModelGroupMessageTests {
    @Test func aGroupIsReadFromTheRecordedGroup() throws {
        let file = "get_groups_3.xml"
        let group = try CustomerGroup.one(in: try DocumentFixtures.response(file))
        let id = try #require(try FacadeFixtures.text(file, "//group/id"))
        let reduction = try #require(try FacadeFixtures.text(file, "//group/reduction"))
        #expect(group.id == Int(id))
        #expect(group.name?[1] == (try FacadeFixtures.text(file, "//group/name/language[@id='1']")))
        #expect(group.name?[1] == "Customer A")
        #expect(group.reduction == ShopDecimal(reduction))
        #expect(group.reduction == ShopDecimal(0))
        #expect(group.priceDisplayMethod == 0 && group.showsPricesWithoutTax == false)
        #expect(group.showPrices == true)
        #expect(group.dateAdd?.description == (try FacadeFixtures.text(file, "//group/date_add")))
        #expect(group.dateUpd?.description == "2016-09-06 15:03:01")
    }

    @Test func groupsAndMessagesAreRegisteredForDecode() throws {
        let models = try ShopModels.decode(try DocumentFixtures.response("get_groups_3.xml"))
        #expect(models.count == 1)
        #expect((models.first as? CustomerGroup)?.name?[1] == "Customer A")
        #expect(ShopModels.type(forElement: "group")?.resource == "groups")
        #expect(ShopModels.type(forElement: "customer_message")?.resource == "customer_messages")
        #expect(CustomerGroup.resource == "groups" && CustomerMessage.resource == "customer_messages")
        let json = try ShopModels.json(models)
        #expect(json.contains("\"priceDisplayMethod\" : 0") && json.contains("\"reduction\" : \"0.00\""), "\(json)")
    }

    @Test func theGroupListHoldsItsIds() throws {
        let list = try DocumentFixtures.response("get_groups__date_1_limit_0_1000_filter_date_upd_gt_2016_09_01_00_00_00.xml")
        #expect(try list.references("group").map(\.id) == [1, 2, 3])
    }

    @Test func theRecordedCustomerMessagesListIsEmpty() throws {
        let document = try DocumentFixtures.response("get_customer_messages__date_1_limit_0_1000_filter_date_add_gt_2016_12_01_00_00_00.xml")
        #expect(try ShopModels.decode(document).isEmpty)
    }

    @Test func aCustomerMessageHasTheDocumentedFields() throws {
        let blank = try CustomerMessage.one(in: try DocumentFixtures.document("\(DocumentFixtures.docs8)/blank-schemas/customer_messages.xml"))
        #expect(blank.message == "" && blank.employeeID == nil && blank.isPrivate == nil && blank.read == nil)
        // As a shop fills it (values in the formats of the 8.x field table: isIp2Long, isBool, isDate).
        let filled = try CustomerMessage.one(in: try WebserviceDocument(xml: """
            <prestashop><customer_message><id>4</id><id_employee>0</id_employee><id_customer_thread>2</id_customer_thread>
            <ip_address>2130706433</ip_address><message><![CDATA[Is the T-shirt available in XL?]]></message><file_name></file_name>
            <user_agent>Mozilla/5.0</user_agent><private>0</private><date_add>2016-12-02 10:11:12</date_add>
            <date_upd>2016-12-02 10:11:12</date_upd><read>1</read></customer_message></prestashop>
            """))
        #expect(filled.id == 4 && filled.customerThreadID == 2 && filled.isFromCustomer == true)
        #expect(filled.message == "Is the T-shirt available in XL?" && filled.isPrivate == false && filled.read == true)
        #expect(filled.fileName == "" && filled.dateAdd?.description == "2016-12-02 10:11:12")
        let record = filled.record()
        #expect(record.field("private")?.text == "0" && record.field("id_customer_thread")?.text == "2")
        #expect(try CustomerMessage(record: record) == filled, "encode → decode keeps every field")
    }

    @Test func aBadGroupValueNamesTheField() throws {
        let document = try WebserviceDocument(xml: "<prestashop><group><id>3</id><show_prices>yes</show_prices></group></prestashop>")
        #expect(throws: ModelError.invalidValue(element: "group", id: 3, field: "show_prices", value: "yes", expected: "0 or 1")) {
            try CustomerGroup.one(in: document)
        }
    }
}
