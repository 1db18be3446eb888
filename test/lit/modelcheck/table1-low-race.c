// clang-format off
// The paper's low_race: an unprotected counter written by two threads.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>

int myglobal;

void *thread_function(void *arg) {
  int j = myglobal;
  j = j + 1;
  myglobal = j;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, thread_function, 0);
  myglobal = myglobal + 1;
  pthread_join(t, 0);
  return 0;
}

// CHECK: myglobal: race
// CHECK: witness:
// CHECK-NEXT: main: create thread_function#1 at {{.*}}.c:18:3
// CHECK-NEXT: {{main|thread_function#1}}: {{read|write}} myglobal at
// CHECK-NEXT: {{main|thread_function#1}}: {{read|write}} myglobal at
// CHECK-NOT: main:
