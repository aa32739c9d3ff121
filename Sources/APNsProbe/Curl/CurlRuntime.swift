import APNsCurl

/// Process-wide libcurl set-up, shared with the etcd client: it lives in APNsCurl; the prober's callers (`probe`,
/// `doctor`) reach it by this name.
public typealias CurlRuntime = APNsCurl.CurlRuntime
