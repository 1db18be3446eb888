// clang-format off
// The paper's low_extended (Table 1, "Combined"): a and c race; the MHP layer orders b and d after the joins (after-join; the model checker refuted them before).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
#include <pthread.h>

int a, b, c, d;

void *t1(void *arg) {
  a = 1;
  b = 2;
  return 0;
}

void *t2(void *arg) {
  c = 3;
  d = 4;
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, t1, 0);
  a = 5;
  pthread_join(x, 0);
  b = 6;
  pthread_create(&y, 0, t2, 0);
  c = 7;
  pthread_join(y, 0);
  d = 8;
  return 0;
}

// CHECK: racesift-mc: module '{{.*}}table1-low-extended.c'
// CHECK-NEXT: a: race
// CHECK-NEXT:   first: {{main|t1}} write a at {{.*}}.c:{{25|11}}:
// CHECK-NEXT:   second: {{main|t1}} write a at {{.*}}.c:{{25|11}}:
// CHECK-NEXT:   witness:
// CHECK-NEXT:     main: create t1#1 at {{.*}}.c:24:3
// CHECK-NEXT:     {{main|t1#1}}: write a at {{.*}}.c:{{25|11}}:
// CHECK-NEXT:     {{main|t1#1}}: write a at {{.*}}.c:{{25|11}}:
// CHECK-NEXT: c: race
// CHECK-NEXT:   first: main write c at {{.*}}.c:29:5
// CHECK-NEXT:   second: t2 write c at {{.*}}.c:17:5
// CHECK-NEXT:   witness:
// CHECK-NEXT:     main: create t1#1 at {{.*}}.c:24:3
// CHECK-NEXT:     main: join x (t1#1) at {{.*}}.c:26:3
// CHECK-NEXT:     main: create t2#2 at {{.*}}.c:28:3
// CHECK-NEXT:     {{main|t2#2}}: write c at {{.*}}.c:{{29|17}}:
// CHECK-NEXT:     {{main|t2#2}}: write c at {{.*}}.c:{{29|17}}:
// CHECK-NOT: {{^[bd]:}}
// MHP: write b at table1-low-extended.c:27:5 in main (thread main): after every t1
// MHP: write d at table1-low-extended.c:31:5 in main (thread main): after every t1, t2
