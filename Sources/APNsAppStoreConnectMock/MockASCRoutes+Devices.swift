import APNsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Devices and certificates.
extension MockASCRoutes {
    static let certificateTypes: Set<String> = [
        "IOS_DEVELOPMENT", "IOS_DISTRIBUTION", "MAC_APP_DISTRIBUTION", "MAC_INSTALLER_DISTRIBUTION",
        "MAC_APP_DEVELOPMENT", "DEVELOPER_ID_KEXT", "DEVELOPER_ID_APPLICATION", "DEVELOPMENT", "DISTRIBUTION",
        "PASS_TYPE_ID", "PASS_TYPE_ID_WITH_NFC",
    ]

    func listDevices(_ state: MockASCState) -> MockASCResponse {
        if let refusal = checkParameters(filters: ["filter[name]", "filter[platform]", "filter[udid]", "filter[status]",
                                                   "filter[id]"],
                                         sorts: ["name", "platform", "udid", "status", "id"]) {
            return refusal
        }
        var devices = state.devices
        if let names = filter("name") { devices = devices.filter { names.contains($0.name) } }
        if let platforms = filter("platform") { devices = devices.filter { platforms.contains($0.platform) } }
        if let udids = filter("udid") { devices = devices.filter { udids.contains($0.udid) } }
        if let statuses = filter("status") { devices = devices.filter { statuses.contains($0.status ?? "ENABLED") } }
        if let ids = filter("id") { devices = devices.filter { ids.contains($0.id) } }
        devices = sorted(devices) { device, field in
            switch field {
            case "name": return device.name
            case "platform": return device.platform
            case "udid": return device.udid
            case "status": return device.status ?? "ENABLED"
            default: return device.id
            }
        }
        return renderer.collection(devices.map(renderer.device), request: request)
    }

    func device(_ id: String, _ state: MockASCState) -> MockASCResponse {
        if let refusal = checkParameters(collection: false) { return refusal }
        guard let device = state.devices.first(where: { $0.id == id }) else {
            return MockASCErrors.notFound(type: "devices", id: id)
        }
        return .json(200, renderer.document(renderer.device(device), path: request.path))
    }

    func createDevice(_ state: inout MockASCState) -> MockASCResponse {
        let data: [String: JSONValue], name: String, udid: String, platform: String
        switch body(ofType: "devices") {
        case .success(let value): data = value
        case .failure(let response): return response
        }
        switch (attribute("name", in: data), attribute("udid", in: data),
                attribute("platform", in: data, oneOf: Self.platforms)) {
        case (.success(let n), .success(let u), .success(let p)): (name, udid, platform) = (n, u, p)
        case (.failure(let response), _, _), (_, .failure(let response), _), (_, _, .failure(let response)):
            return response
        }
        if let existing = state.devices.first(where: { $0.udid.lowercased() == udid.lowercased() }) {
            return MockASCErrors.attribute("A device with number '\(udid)' already exists on this team. "
                                           + "(devices \(existing.id))", pointer: "/data/attributes/udid")
        }
        let device = MockASCState.Device(id: MockASCIdentifier.make(), name: name, udid: udid, platform: platform,
                                         status: "ENABLED", deviceClass: platform == "MAC_OS" ? "MAC" : "IPHONE",
                                         model: nil, addedDate: MockASCDate.text(renderer.now))
        state.devices.append(device)
        return .json(201, renderer.document(renderer.device(device), path: "/v1/devices/\(device.id)"))
    }

    func listCertificates(_ state: MockASCState) -> MockASCResponse {
        if let refusal = checkParameters(filters: ["filter[displayName]", "filter[certificateType]",
                                                   "filter[serialNumber]", "filter[id]"],
                                         sorts: ["displayName", "certificateType", "serialNumber", "id"]) {
            return refusal
        }
        var certificates = state.certificates
        if let names = filter("displayName") { certificates = certificates.filter { names.contains($0.displayName ?? "") } }
        if let types = filter("certificateType") { certificates = certificates.filter { types.contains($0.certificateType) } }
        if let serials = filter("serialNumber") {
            certificates = certificates.filter { serials.contains($0.serialNumber ?? "") }
        }
        if let ids = filter("id") { certificates = certificates.filter { ids.contains($0.id) } }
        certificates = sorted(certificates) { certificate, field in
            switch field {
            case "displayName": return certificate.displayName ?? ""
            case "certificateType": return certificate.certificateType
            case "serialNumber": return certificate.serialNumber ?? ""
            default: return certificate.id
            }
        }
        return renderer.collection(certificates.map(renderer.certificate), request: request)
    }

    func certificate(_ id: String, _ state: MockASCState) -> MockASCResponse {
        if let refusal = checkParameters(collection: false) { return refusal }
        guard let certificate = state.certificates.first(where: { $0.id == id }) else {
            return MockASCErrors.notFound(type: "certificates", id: id)
        }
        return .json(200, renderer.document(renderer.certificate(certificate), path: request.path))
    }

    func createCertificate(_ state: inout MockASCState) -> MockASCResponse {
        let data: [String: JSONValue], csr: String, type: String
        switch body(ofType: "certificates") {
        case .success(let value): data = value
        case .failure(let response): return response
        }
        switch (attribute("csrContent", in: data), attribute("certificateType", in: data, oneOf: Self.certificateTypes)) {
        case (.success(let c), .success(let t)): (csr, type) = (c, t)
        case (.failure(let response), _), (_, .failure(let response)): return response
        }
        let record: MockASCState.CertificateRecord
        do {
            record = try signer.certificate(csrContent: csr, certificateType: type, teamID: state.teamID,
                                            id: MockASCIdentifier.make())
        } catch {
            return MockASCErrors.attribute("The csrContent is not a valid certificate signing request: \(error)",
                                           pointer: "/data/attributes/csrContent")
        }
        state.certificates.append(record)
        return .json(201, renderer.document(renderer.certificate(record), path: "/v1/certificates/\(record.id)"))
    }

    func revokeCertificate(_ id: String, _ state: inout MockASCState) -> MockASCResponse {
        guard let index = state.certificates.firstIndex(where: { $0.id == id }) else {
            return MockASCErrors.notFound(type: "certificates", id: id)
        }
        state.certificates.remove(at: index)
        return .noContent()
    }
}
