"""Writes a C file with a 5,000-case switch in a thread and 1,000 creation
sites, each creating 8 threads in a loop (8,000 threads)."""
import sys

with open(sys.argv[1], "w") as f:
    f.write("#include <pthread.h>\nint events;\nint table[5000];\n")
    f.write("static int classify(int x) {\n  switch (x) {\n")
    for i in range(5000):
        f.write("  case %d: return table[%d];\n" % (i, (i * 7) % 5000))
    f.write("  default: return -1;\n  }\n}\n")
    f.write("void *worker(void *arg) {\n  events++;\n"
            "  return (void *)(long)classify((int)(long)arg);\n}\n")
    f.write("int main(void) {\n  static pthread_t t[1000][8];\n")
    for s in range(1000):
        f.write("  for (int i = 0; i < 8; i++)\n"
                "    pthread_create(&t[%d][i], 0, worker, (void *)%dL);\n"
                % (s, s))
    f.write("  return 0;\n}\n")
