// clang-format off
// A longjmp back to a setjmp before the first creation runs "early" code
// after a thread exists: with setjmp in main's thread the MHP layer orders
// nothing, and the race on 'x' is found.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=LS
#include <pthread.h>
#include <setjmp.h>
jmp_buf env;
int x, rounds;
void *reader(void *a) { return (void *)(long)x; }
int main(void) {
  pthread_t t;
  setjmp(env);
  x = 1;
  pthread_create(&t, 0, reader, 0);
  if (rounds++ == 0)
    longjmp(env, 1);
  pthread_join(t, 0);
  return 0;
}
// MHP: not applied: main's thread calls '{{_?setjmp}}': a longjmp may return before a creation after it
// LS: candidates:
// LS: {{^  x:}}
// LS: ordered-pairs: 0
