// clang-format off
// An access inside a system header (libstdc++'s std::string) is reported at
// the user's call that leads there, as clang reports an error in a template
// where it was instantiated; a note (and a SARIF related location) shows
// the access itself. Before, the warning pointed into basic_string.h, where
// the user can change nothing. (-std=c++20: under C++17 libstdc++ declares
// std::string's members extern templates, their bodies are in the shared
// library, and the accesses are unknown-external's: none.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -x c++ -std=c++20 -g -O0 -c %s -o %t/a.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t/a.sarif 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %FileCheck %s --check-prefix=SARIF < %t/a.sarif
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

static std::string journal;
static std::mutex mu;

static void writer() {
  std::lock_guard<std::mutex> g(mu);
  journal += "entry;";
}

static size_t length() { return journal.size(); }

int main() {
  std::thread w(writer);
  size_t seen = 0;
  std::thread r([&] { seen = length(); });
  w.join();
  r.join();
  std::printf("%zu\n", seen);
}

// CHECK: system-header-access.cpp:22:11: warning: data race on 'journal._M_string_length': write in thread 'writer' conflicts with read in thread 'lambda@{{.*}}system-header-access.cpp:30'
// CHECK: system-header-access.cpp:25:41: note: conflicting read in thread 'lambda@{{.*}}system-header-access.cpp:30' here
// CHECK: basic_string.h:{{[0-9]+}}:{{[0-9]+}}: note: the write in thread 'writer' itself is in '{{.*}}', in a system header, reached through the call reported
// CHECK: basic_string.h:{{[0-9]+}}:{{[0-9]+}}: note: the read in thread 'lambda@{{.*}}' itself is in 'size', in a system header, reached through the call reported

// SARIF: "relatedLocations"
// SARIF: "text": "The write in thread 'writer' itself is in '{{.*}}', in a system header, reached through the call reported."
