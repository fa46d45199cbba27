// libxcrypt's <crypt.h>: crypt_r with a caller-owned struct crypt_data (thread-safe), which
// knows bcrypt ($2y$, $2a$, $2b$) on Debian 12 and later.
#include <crypt.h>
