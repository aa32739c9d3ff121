import APNsCore
import APNsProvisioning
import APNsTokenAgent

extension ProvisioningRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .importWithKeyElsewhere:
            return "was the request made on another machine or keystore? Then import the certificate with its key "
                + "there, or here with `apnsctl cert import` (a .p12, or a PEM holding certificate and key)"
        }
    }
}

extension AgentRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .writableOutputDirectory:
            return "give --out a directory the agent may create and write (its parent must exist)"
        }
    }
}
