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

// Every racing access pair is reported, each with its own interleaving
// ending in that pair: main's write against the thread's read, main's read
// against the thread's write, and the two writes.
// CHECK: myglobal: race
// CHECK-NEXT: first: main write myglobal at {{.*}}.c:19:12
// CHECK-NEXT: second: thread_function read myglobal at {{.*}}.c:10:11
// CHECK-NEXT: witness:
// CHECK-NEXT: main: create thread_function#1 at {{.*}}.c:18:3
// CHECK-NEXT: main: read myglobal at {{.*}}.c:19:14
// CHECK-NEXT: main: write myglobal at {{.*}}.c:19:12
// CHECK-NEXT: thread_function#1: read myglobal at {{.*}}.c:10:11
// CHECK-NEXT: also race
// CHECK-NEXT: first: main read myglobal at {{.*}}.c:19:14
// CHECK-NEXT: second: thread_function write myglobal at {{.*}}.c:12:12
// CHECK-NEXT: witness:
// CHECK-NEXT: main: create thread_function#1 at {{.*}}.c:18:3
// CHECK-NEXT: thread_function#1: read myglobal at {{.*}}.c:10:11
// CHECK-NEXT: main: read myglobal at {{.*}}.c:19:14
// CHECK-NEXT: thread_function#1: write myglobal at {{.*}}.c:12:12
// CHECK-NEXT: also race
// CHECK-NEXT: first: main write myglobal at {{.*}}.c:19:12
// CHECK-NEXT: second: thread_function write myglobal at {{.*}}.c:12:12
// CHECK-NEXT: witness:
// CHECK-NEXT: main: create thread_function#1 at {{.*}}.c:18:3
// CHECK-NEXT: main: read myglobal at {{.*}}.c:19:14
// CHECK-NEXT: thread_function#1: read myglobal at {{.*}}.c:10:11
// CHECK-NEXT: main: write myglobal at {{.*}}.c:19:12
// CHECK-NEXT: thread_function#1: write myglobal at {{.*}}.c:12:12
// CHECK-NOT: also race
