// clang-format off
// RUN: %clang -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// clang-format on
// std::async's thread is named after the user's function: its _M_run
// reaches it through std::call_once, pthread_once and __once_proxy, and
// the library's own helpers on the way (__gthread_once, the lambdas of
// std::call_once, __clang_call_terminate) are walked through, not named.
// The name was '__clang_call_terminate|__gthread_once|operator void (*)()'.
#include <future>

struct header {
  int version;
};

static int parse(header *h, const char *src) {
  h->version = src[0] - '0';
  return h->version;
}

int main() {
  header h{};
  std::future<int> f = std::async(std::launch::async, parse, &h, "3");
  return f.get();
}
// CHECK-LABEL: templates:
// CHECK-NEXT: T0 main once
// CHECK-NEXT: T1 parse once
// CHECK-NEXT: creations:
// CHECK-NEXT: C0 in {{.*}} -> parse handles
