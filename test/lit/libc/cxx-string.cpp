// cxx-string-members: before C++20, libstdc++'s std::string members are
// extern templates, so a compile without inlining emits no body for
// append, _M_replace or the constructors: `log_text += "x"` from two
// threads was no access at all, a missed race. Each such member now has
// a row made from its mangled name: a const member reads the string, any
// other reads and writes it.
// The replay runs those members as libstdc++ lays a string out
// (lib/Validate/CxxString.cpp), so the race is confirmed; before, the
// inline append's length check depended on what _M_replace wrote, and the
// race was only possible. -DCOPY builds a local string and copies it
// into the global one (_Alloc_hider, _M_assign).
// RUN: %clang -x c++ -std=c++17 -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -x c++ -std=c++11 -g -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -x c++ -std=c++17 -g -c -DCOPY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=COPY
// Race-free: under a lock_guard, per-thread local strings, only const
// members while the writer waits for the join.
// RUN: %clang -x c++ -std=c++17 -g -c -DLOCKED %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -x c++ -std=c++17 -g -c -DLOCAL %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -x c++ -std=c++11 -g -c -DLOCAL %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -x c++ -std=c++17 -g -c -DREADONLY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// Compromise cxx-string-buffer: what the string's pointer field points to
// is not modelled, so a write through an inline operator[] is not seen
// (a race TSan reports); a member the library runs is.
// RUN: %clang -x c++ -std=c++17 -g -c -DSUBSCRIPT %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// The rows by themselves: s.append(const char *) and size() const.
// RUN: %clang -x c++ -std=c++17 -g -S -emit-llvm %s -o - | %opt -load-pass-plugin %racesift_plugin -passes='print<racesift-threads>' -disable-output 2>&1 | %FileCheck %s --check-prefix=MODEL
#include <mutex>
#include <string>
#include <thread>

std::string log_text;
std::mutex mu;

static void work(int id) {
#if defined(LOCKED)
  std::lock_guard<std::mutex> g(mu);
  log_text += "x";
#elif defined(LOCAL)
  std::string mine = "worker ";
  mine += std::to_string(id);
  mine.append("!");
  (void)mine.size();
#elif defined(READONLY)
  (void)log_text.compare("ready");
  (void)log_text.size();
#elif defined(SUBSCRIPT)
  log_text[0] = 'w';
#elif defined(COPY)
  std::string m = "hello";
  m.append(", world");
  // COPY: cxx-string.cpp:[[@LINE+1]]:12: warning: data race on 'log_text': write in thread 'work' conflicts with read in thread 'main'
  log_text = m;
#else
  log_text += "x"; // The conflicting read.
#endif
}

int main() {
  log_text = "ready";
  std::thread t(work, 1);
#if defined(LOCKED)
  {
    std::lock_guard<std::mutex> g(mu);
    log_text.append("y");
  }
#elif defined(LOCAL) || defined(READONLY)
  (void)log_text.c_str();
#elif defined(SUBSCRIPT)
  (void)log_text.c_str()[0];
#elif defined(COPY)
  std::string copy;
  copy = log_text;
#else
  // RACY: cxx-string.cpp:[[@LINE+1]]:12: warning: data race on 'log_text': write in thread 'main' conflicts with read in thread 'work' [
  log_text.append("y");
  // RACY: cxx-string.cpp:54:12: note: conflicting read in thread 'work' here
  // MODEL: write log_text at cxx-string.cpp:[[@LINE-2]]:{{[0-9]+}} objects {log_text{{[^}]*}}}
#endif
  t.join();
  log_text.clear();
  return 0;
}
// OK-NOT: warning:
