import OrderCompany
import OrderKit
import Testing

struct RecordOriginTests {
    @Test func onlySyncedRecordsAreReadOnly() {
        #expect(RecordOrigin.local.isReadOnly == false)
        #expect(RecordOrigin.synced(company: "ACME", remoteID: "17").isReadOnly)
    }
}
