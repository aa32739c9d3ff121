/// Apple's rule for a bundle id (CFBundleIdentifier, and the App ID a push certificate is made for): letters
/// A–Z and a–z, digits, hyphens and periods, in dot-separated parts none of which is empty
/// (`com.example.app`). A push certificate needs an explicit App ID, so a wildcard is refused too.
public enum BundleIdentifier {
    /// Why `value` is not a bundle id a push certificate can be made for; nil when it is one.
    public static func problem(_ value: String) -> String? {
        if value.isEmpty { return "it is empty" }
        if value.contains("*") {
            return "a wildcard App ID cannot have a push certificate: give the app's explicit bundle id"
        }
        let allowed = value.unicodeScalars.allSatisfy { scalar in
            (scalar.value >= 0x41 && scalar.value <= 0x5A) || (scalar.value >= 0x61 && scalar.value <= 0x7A)
                || (scalar.value >= 0x30 && scalar.value <= 0x39) || scalar == "-" || scalar == "."
        }
        if !allowed { return "a bundle id holds only letters A–Z and a–z, digits, hyphens and periods" }
        if value.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return "a bundle id is dot-separated parts, none of them empty"
        }
        if value.utf8.count > 155 { return "a bundle id is at most 155 characters" }
        return nil
    }
}
