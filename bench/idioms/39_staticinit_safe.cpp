// EXPECTED: no race
#include <pthread.h>
#include <stdlib.h>

struct Config {
  int max_conns;
  int timeout_ms;
};

static Config load_config() {
  const char *e = getenv("MAXC");
  return Config{e ? atoi(e) : 128, 250};
}

static const Config &config() {
  static const Config cfg = load_config();
  return cfg;
}

static long served;

static void *handler(void *arg) {
  long *acc = static_cast<long *>(arg);
  *acc += config().max_conns;
  return nullptr;
}

int main() {
  long a = 0, b = 0;
  pthread_t t1, t2;
  pthread_create(&t1, nullptr, handler, &a);
  pthread_create(&t2, nullptr, handler, &b);
  pthread_join(t1, nullptr);
  pthread_join(t2, nullptr);
  return int(a + b + served);
}
