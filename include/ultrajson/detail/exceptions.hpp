#pragma once
// ULTRAJSON_EXCEPTIONS: 1 when the compiler has exceptions on. Without them
// the throwing conveniences (to_json, at(), result::value() on an error ...)
// are left out or abort, and everything else works the same.

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#define ULTRAJSON_EXCEPTIONS 1
#else
#define ULTRAJSON_EXCEPTIONS 0
#endif
