#ifndef APNSCTL_CBUILDINFO_H
#define APNSCTL_CBUILDINFO_H

// What `apnsctl --version` reports about the build. `make` (scripts/build-info.sh) writes the values into
// Sources/CBuildInfo/generated/build_info.h (not committed: it names the commit) from the VERSION file, git and
// `swift --version`; a plain `swift build` without it reports the version as "unstamped".

/// The release, from the VERSION file: "0.2.0".
const char *apnsctl_build_version(void);
/// The short commit the binary was built from, with "-dirty" when the tree had changes; "" when unknown.
const char *apnsctl_build_commit(void);
/// When it was built (UTC, ISO 8601): SOURCE_DATE_EPOCH when set, else the commit's time; "" when unknown.
const char *apnsctl_build_date(void);
/// The Swift compiler that built it: "6.3.1"; "" when unknown.
const char *apnsctl_build_swift(void);

#endif
