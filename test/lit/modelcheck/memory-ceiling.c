// clang-format off
// The memory ceiling (max-memory, MiB) bounds the explorer's state store:
// past it a location is unknown, reported as a possible race that says
// why, with a SARIF notification; with the default ceiling it is refuted.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -racesift-max-memory=1 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=CEILING
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=DEFAULT
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-memory=1 -fplugin-arg-racesift-sarif=%t.sarif 2>&1 | %FileCheck %s --check-prefix=PLUGIN
// RUN: %FileCheck %s --check-prefix=SARIF < %t.sarif
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter, unprotected, flag;
int own0;
int own1;
int own2;
int own3;
int own4;
int own5;
void *worker0(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  own0 = 0;
  own0 = 1;
  own0 = 2;
  if (flag) own0++;
  unprotected++;
  return 0;
}
void *worker1(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  own1 = 0;
  own1 = 1;
  own1 = 2;
  if (flag) own1++;
  unprotected++;
  return 0;
}
void *worker2(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  own2 = 0;
  own2 = 1;
  own2 = 2;
  if (flag) own2++;
  unprotected++;
  return 0;
}
void *worker3(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  own3 = 0;
  own3 = 1;
  own3 = 2;
  if (flag) own3++;
  unprotected++;
  return 0;
}
void *worker4(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  own4 = 0;
  own4 = 1;
  own4 = 2;
  if (flag) own4++;
  unprotected++;
  return 0;
}
void *worker5(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  own5 = 0;
  own5 = 1;
  own5 = 2;
  if (flag) own5++;
  unprotected++;
  return 0;
}
int main(void) {
  pthread_t t[6];
  flag = 1;
  pthread_create(&t[0], 0, worker0, 0);
  pthread_create(&t[1], 0, worker1, 0);
  pthread_create(&t[2], 0, worker2, 0);
  pthread_create(&t[3], 0, worker3, 0);
  pthread_create(&t[4], 0, worker4, 0);
  pthread_create(&t[5], 0, worker5, 0);
  for (int i = 0; i < 6; i++)
    pthread_join(t[i], 0);
  int s = 0;
  s += own0;
  s += own1;
  s += own2;
  s += own3;
  s += own4;
  s += own5;
  return s;
}

// CEILING: own0: unknown (memory ceiling 1 MiB reached)
// CEILING: unprotected: race
// DEFAULT: own0: refuted
// DEFAULT: unprotected: race
// PLUGIN: warning: possible data race on 'own0'{{.*}}(not decided: memory ceiling 1 MiB reached)
// SARIF: "id": "budget-exhausted"
