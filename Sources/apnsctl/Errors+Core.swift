import APNsCore

extension SecretRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .exportVariable(let name): return "export \(name)=… before running, or use --password-file FILE"
        case .passwordSource: return "pass --password-file FILE or --password-env NAME"
        }
    }
}

extension OutputRemedy: WordedRemedy {
    var words: String {
        switch self {
        case .replaceExisting: return "pass --force to replace it"
        }
    }
}
