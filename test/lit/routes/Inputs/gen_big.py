"""Writes a C file of about N lines: many small functions called from one
worker thread, plus one racy counter, to check the plugin's scale."""
import sys

lines = int(sys.argv[1])
funcs = max(1, lines // 8)
out = ["#include <pthread.h>", "int counter;", "int table[64];"]
for i in range(funcs):
    out += [
        f"static int f{i}(int x) {{",
        f"  int y = x * {i % 7 + 1};",
        f"  if (y > {i % 100}) y -= {i % 13};",
        f"  table[{i % 64}] = y;",
        "  return y;",
        "}",
        "",
    ]
out.append("static void *worker(void *arg) {")
out.append("  int s = 0;")
for i in range(funcs):
    out.append(f"  s += f{i}(s);")
out += ["  counter++;", "  return (void *)(long)s;", "}", ""]
out += [
    "int main(void) {",
    "  pthread_t t;",
    "  pthread_create(&t, 0, worker, 0);",
    "  counter++;",
    "  pthread_join(t, 0);",
    "  return 0;",
    "}",
]
print("\n".join(out))
