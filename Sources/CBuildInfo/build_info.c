#include "CBuildInfo.h"

#if __has_include("generated/build_info.h")
#include "generated/build_info.h"
#endif

#ifndef APNSCTL_VERSION
#define APNSCTL_VERSION "unstamped"
#endif
#ifndef APNSCTL_COMMIT
#define APNSCTL_COMMIT ""
#endif
#ifndef APNSCTL_BUILD_DATE
#define APNSCTL_BUILD_DATE ""
#endif
#ifndef APNSCTL_SWIFT_VERSION
#define APNSCTL_SWIFT_VERSION ""
#endif

const char *apnsctl_build_version(void) { return APNSCTL_VERSION; }
const char *apnsctl_build_commit(void) { return APNSCTL_COMMIT; }
const char *apnsctl_build_date(void) { return APNSCTL_BUILD_DATE; }
const char *apnsctl_build_swift(void) { return APNSCTL_SWIFT_VERSION; }
