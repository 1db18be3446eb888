// A shard count parsed with std::stoi from a std::string.
#include <cstdio>
#include <pthread.h>
#include <string>

static int shards_done;

static void *shard(void *) {
  shards_done++;
  return nullptr;
}

int main() {
  std::string value = "1";
  int n = std::stoi(value);
  if (n < 1 || n > 2)
    return 1;
  pthread_t t[2];
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], nullptr, shard, nullptr);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], nullptr);
  std::printf("%d\n", shards_done);
  return 0;
}
