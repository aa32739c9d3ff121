import APNsCurl

/// Process-wide libcurl set-up, shared with the etcd client: it lives in APNsCurl; this name keeps the prober's
/// callers (`probe`, `doctor`) as they were.
public typealias CurlRuntime = APNsCurl.CurlRuntime
