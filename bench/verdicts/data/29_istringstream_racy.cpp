// A worker count read with std::istringstream from a constant line.
#include <cstdio>
#include <pthread.h>
#include <sstream>
#include <string>

static long merged;

static void *merge(void *arg) {
  merged += reinterpret_cast<long>(arg);
  return nullptr;
}

int main() {
  std::istringstream in("workers 2");
  std::string key;
  int workers = 1;
  in >> key >> workers;
  if (key != "workers" || workers < 1 || workers > 2)
    return 1;
  pthread_t t[2];
  for (int i = 0; i < workers; i++)
    pthread_create(&t[i], nullptr, merge, reinterpret_cast<void *>(long(i + 1)));
  for (int i = 0; i < workers; i++)
    pthread_join(t[i], nullptr);
  std::printf("%ld\n", merged);
  return 0;
}
