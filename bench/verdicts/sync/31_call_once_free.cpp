// std::call_once lazy initialisation of a lookup table shared by workers.
#include <cstdio>
#include <mutex>
#include <thread>

static int crc_table[256];
static std::once_flag crc_once;

static void build_table() {
  for (unsigned i = 0; i < 256; i++) {
    unsigned c = i;
    for (int k = 0; k < 8; k++)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[i] = (int)c;
  }
}

static unsigned crc(const char *s) {
  std::call_once(crc_once, build_table);
  unsigned c = ~0u;
  while (*s)
    c = (unsigned)crc_table[(c ^ (unsigned char)*s++) & 0xff] ^ (c >> 8);
  return ~c;
}

int main() {
  unsigned r1 = 0, r2 = 0;
  std::thread a([&r1] { r1 = crc("hello"); });
  std::thread b([&r2] { r2 = crc("world"); });
  a.join();
  b.join();
  std::printf("%08x %08x\n", r1, r2);
  return 0;
}
