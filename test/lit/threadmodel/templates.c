// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// Templates, multiplicity, start routines and handles.
#include <pthread.h>
struct job { void *(*fn)(void *); pthread_t tid; };
void *leaf(void *a) { return 0; }
void *spawner(void *a) {
  pthread_t t;
  pthread_create(&t, 0, leaf, 0);
  pthread_join(t, 0);
  return 0;
}
void *looped(void *a) { return 0; }
void *byptr(void *a) { return 0; }
void *byfield(void *a) { return 0; }
void *bywrapper(void *a) { return 0; }
void spawn(pthread_t *t, void *(*fn)(void *)) { pthread_create(t, 0, fn, 0); }
int main(void) {
  pthread_t tids[3], p, w, s;
  for (int i = 0; i < 3; i++)
    pthread_create(&tids[i], 0, spawner, 0);
  for (int i = 0; i < 3; i++)
    pthread_create(&tids[i], 0, looped, 0);
  void *(*fp)(void *) = byptr;
  pthread_create(&p, 0, fp, 0);
  struct job j = {byfield};
  pthread_create(&j.tid, 0, j.fn, 0);
  spawn(&w, bywrapper);
  pthread_join(p, 0);
  pthread_join(j.tid, 0);
  pthread_join(w, 0);
  return 0;
}

// Created in a loop: many; created once: once; created by a many thread:
// many. Routines through a pointer, a struct field and a wrapper resolve.
// CHECK-LABEL: templates:
// CHECK-NEXT:   T0 main once
// CHECK-DAG:    T{{[0-9]+}} spawner many
// CHECK-DAG:    T{{[0-9]+}} looped many
// CHECK-DAG:    T{{[0-9]+}} byptr once
// CHECK-DAG:    T{{[0-9]+}} byfield once
// CHECK-DAG:    T{{[0-9]+}} bywrapper once
// CHECK-DAG:    T{{[0-9]+}} leaf many
// Handles: an array filled in a loop, a plain variable, a struct field.
// CHECK-LABEL: creations:
// CHECK-DAG:  in main at templates.c:22:5 -> spawner loop (at most 3 times) handles tids[]
// CHECK-DAG:  in main at templates.c:24:5 -> looped loop (at most 3 times) handles tids[]
// CHECK-DAG:  in main at templates.c:26:3 -> byptr handles p{{$}}
// CHECK-DAG:  in main at templates.c:28:3 -> byfield handles j.tid
// CHECK-DAG:  in spawn at templates.c:18:49 -> bywrapper handles w
// CHECK-DAG:  in spawner at templates.c:10:3 -> leaf loop handles t{{$}}
// CHECK-LABEL: function main:
// CHECK-DAG: join p at templates.c:30:3
// CHECK-DAG: join j.tid at templates.c:31:3
// CHECK-DAG: join w at templates.c:32:3
