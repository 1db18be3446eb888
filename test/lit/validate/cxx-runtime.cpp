// clang-format off
// What the C++ runtime does around the program, in the replay. Each
// race-free variant was a confirmed race: a global's dynamic initialiser
// (before main) was not run, so `settings.threaded` read false and the
// workers took the unlocked branch (CTOR); glibc's __libc_single_threaded
// read as an input after threads existed, so libstdc++ counted shared_ptr
// references without atomics, and main's ~unique_ptr deleted the
// std::thread state _M_start_thread had taken (SHARED). The constructors
// run before main, the flag is 1 until the first thread is created, and
// _M_start_thread empties the unique_ptr. With -DRACY the constructor
// chooses the unlocked branch: a real race.
// RUN: %clang -g -O0 -c -DCTOR %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
// RUN: %clang -g -O0 -c -DCTOR -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DSHARED %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=SAFE
//
// SAFE-NOT: warning: data race
// RACY: cxx-runtime.cpp:44:14: warning: data race on 'processed': write in thread 'work' conflicts with
#include <memory>
#include <mutex>
#include <thread>

static std::mutex m;

#ifdef CTOR
struct Settings {
  bool threaded;
  Settings();
};
static Settings *registry[2];
static int registered;
#ifdef RACY
Settings::Settings() : threaded(false) { registry[registered++] = this; }
#else
Settings::Settings() : threaded(true) { registry[registered++] = this; }
#endif
static Settings settings;
static long processed;

static void work() {
  if (settings.threaded) {
    std::lock_guard<std::mutex> g(m);
    processed++;
  } else {
    processed++;
  }
}

int main() {
  std::thread a(work), b(work);
  a.join();
  b.join();
  return (int)processed;
}
#endif

#ifdef SHARED
struct Config {
  int level = 3;
};
static long sum;

static void reader(std::shared_ptr<Config> c) {
  std::shared_ptr<Config> local = c;
  std::lock_guard<std::mutex> g(m);
  sum += local->level;
}

int main() {
  auto cfg = std::make_shared<Config>();
  std::thread a(reader, cfg), b(reader, cfg);
  a.join();
  b.join();
  return (int)(sum + cfg.use_count());
}
#endif
