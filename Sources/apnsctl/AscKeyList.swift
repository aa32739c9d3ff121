import APNsCore
import APNsKeystore
import APNsModel
import ArgumentParser

struct AscKeyList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the keystore's App Store Connect API keys with their kind and issuer.")

    @OptionGroup var keystore: KeystoreOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let keys = try keystore.open().appStoreConnectKeys().map { AscKeyOutput($0) }
        if output.isJSON {
            try Console.printJSON(keys)
            return
        }
        guard !keys.isEmpty else {
            print("no App Store Connect API keys; import one with "
                  + NextStep("asc", "key", "import", "AuthKey_KEYID.p8", "--issuer", "ISSUER_ID").command)
            return
        }
        var rows = [["KEY ID", "KIND", "ISSUER", "STATE", "CREATED"]]
        for key in keys {
            rows.append([key.keyID, key.kind == .appStoreConnectTeam ? "team" : "individual", key.issuerID ?? "-",
                         key.state.rawValue, KeystoreText.date(key.createdAt)])
        }
        print(KeystoreText.table(rows))
    }

    /// `key list`'s line under its table: the App Store Connect keys by kind (not filtered by team: they have none).
    static func printBeside(_ keys: [KeyRecord]?, team: String?) {
        guard team == nil, let keys, !keys.isEmpty else { return }
        print("App Store Connect API keys (\(NextStep("asc", "key", "list").command)): " + keys.map { key in
            "\(key.keyID) (\(key.kind.words)" + (key.issuerID.map { ", issuer \($0)" } ?? "") + ", \(key.state.rawValue))"
        }.joined(separator: ", "))
    }
}
