import ShopKit
import Testing

/// Filters as a person types them on the command line, read back into the typed filter.
struct WebserviceFilterParsingTests {
    @Test func everyFormOfAPINotesSection7IsRead() {
        #expect(WebserviceFilter(expression: "KHWLILZLL") == .plain("KHWLILZLL"))
        #expect(WebserviceFilter(expression: "[5]") == .equals("5"))
        #expect(WebserviceFilter(expression: "[1|3|5]") == .anyOf(["1", "3", "5"]))
        #expect(WebserviceFilter(expression: "[2019-11-14 13:00:00,2019-11-14 14:00:00]") == .between("2019-11-14 13:00:00", "2019-11-14 14:00:00"))
        #expect(WebserviceFilter(expression: "[shirt]%") == .beginsWith("shirt"))
        #expect(WebserviceFilter(expression: "%[shirt]") == .endsWith("shirt"))
        #expect(WebserviceFilter(expression: "%[shirt]%") == .contains("shirt"))
        #expect(WebserviceFilter(expression: ">[0]") == .greaterThan("0"))
        #expect(WebserviceFilter(expression: "<[10]") == .lessThan("10"))
        #expect(WebserviceFilter(expression: "![1|2]") == .not(["1", "2"]))
    }

    @Test func bracketsThatDoNotCloseOrStrayTextAreRefused() {
        for bad in ["[5", "5]", "x[5]", "[5]y", "][", ">>[1]"] {
            #expect(WebserviceFilter(expression: bad) == nil, "\(bad) was read")
        }
    }

    @Test func aReadFilterWritesTheSameExpressionBack() throws {
        for text in ["0", "[5]", "[1|3|5]", "[shirt]%", "%[shirt]%", ">[0]", "![1|2]"] {
            let filter = try #require(WebserviceFilter(expression: text))
            #expect(try filter.expression(field: "id") == text)
        }
    }
}
