"""Writes a C file with N shared counters, each updated by three workers
under different locks, so that the model checker has N candidate locations
of some work each: the module's state budget runs out part way."""
import sys

n = int(sys.argv[1])
out = ["#include <pthread.h>",
       "pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;",
       "pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;"]
out += [f"int c{i};" for i in range(n)]
for w, lock in (("wa", "a"), ("wb", "b"), ("wc", "a")):
    out.append(f"static void *{w}(void *arg) {{")
    for i in range(n):
        out += [f"  pthread_mutex_lock(&{lock});", f"  c{i}++;",
                f"  pthread_mutex_unlock(&{lock});"]
    out += ["  return 0;", "}"]
out += ["int main(void) {", "  pthread_t t[3];",
        "  pthread_create(&t[0], 0, wa, 0);",
        "  pthread_create(&t[1], 0, wb, 0);",
        "  pthread_create(&t[2], 0, wc, 0);",
        "  for (int i = 0; i < 3; i++)", "    pthread_join(t[i], 0);",
        "  return 0;", "}"]
print("\n".join(out))
