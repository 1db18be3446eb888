// std::async task parses a header into a struct owned by main; main reads
// the struct only after future.get() returns.
#include <cstdio>
#include <cstring>
#include <future>

struct header { int version; int length; char tag[8]; };

static int parse(header *h, const char *src) {
  h->version = src[0] - '0';
  h->length = (int)std::strlen(src);
  std::strncpy(h->tag, src + 1, 7);
  h->tag[7] = '\0';
  return h->length > 3;
}

int main() {
  header h{};
  const char *src = "3HTTPX/1.1";
  std::future<int> f = std::async(std::launch::async, parse, &h, src);
  int ok = f.get();
  int v = h.version;
  std::printf("%d %d %s %d\n", ok, v, h.tag, h.length);
  return 0;
}
