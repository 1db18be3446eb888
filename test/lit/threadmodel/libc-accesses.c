// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// The libc table (LibcModel.cpp): what calls of functions without a body
// read and write, through which argument, and their hidden state.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct S { int a; char name[16]; long b; } s;
int shared;
char *lp;
size_t ln;
char *save;
time_t now;
struct tm tmv;
char text[64];
long *endp;

void *worker(void *arg) {
  sscanf(text, "%d %15s", &shared, s.name);
  getline(&lp, &ln, stdin);
  strtok_r(text, " ", &save);
  time(&now);
  localtime_r(&now, &tmv);
  memset(&s, 0, sizeof s);
  free(lp);
  int x = (int)lrand48();
  struct tm *t = localtime(&now);
  char *e = getenv("HOME");
  return (void *)(long)(x + t->tm_year + e[0] + s.a + (int)s.b);
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  setenv("HOME", "/", 1);
  srand48(3);
  printf("%s %d %p\n", text, shared, (void *)&ln);
  return 0;
}
// CHECK-LABEL: objects:
// CHECK-DAG: global 'the hidden state of drand48()' shared singleton
// CHECK-DAG: global 'the hidden state of the environment' shared singleton
// CHECK-DAG: global 'the hidden state of localtime(), gmtime(), ctime() and asctime()' singleton
// CHECK-LABEL: accesses:
// sscanf: reads its string and format, writes the %d int and the %s buffer.
// CHECK-DAG: read text at libc-accesses.c:23:3 objects {text}
// CHECK-DAG: write shared at libc-accesses.c:23:3 objects {shared}
// CHECK-DAG: write s.name[] at libc-accesses.c:23:3 objects {s.b, s.name[]}
// getline: *lineptr and *n are read and written, and the buffer written.
// CHECK-DAG: write lp at libc-accesses.c:24:3 objects {lp}
// CHECK-DAG: write *lp at libc-accesses.c:24:3 objects {heap@libc-accesses.c:24}
// CHECK-DAG: write ln at libc-accesses.c:24:3 objects {ln}
// strtok_r: the string, the save pointer and the string it points to.
// CHECK-DAG: write text at libc-accesses.c:25:3 objects {text}
// CHECK-DAG: write save at libc-accesses.c:25:3 objects {save}
// CHECK-DAG: write *save at libc-accesses.c:25:3 objects {text[]}
// CHECK-DAG: write now at libc-accesses.c:26:3 objects {now}
// CHECK-DAG: read now at libc-accesses.c:27:3 objects {now}
// CHECK-DAG: write tmv{{.*}} at libc-accesses.c:27:3 objects {tmv}
// A sized buffer: every field from the pointer on.
// CHECK-DAG: write s at libc-accesses.c:28:3 objects {s, s.b, s.name[]}
// free: a write of the whole block.
// CHECK-DAG: write *lp at libc-accesses.c:29:3 objects {heap@libc-accesses.c:24+?}
// CHECK-DAG: read the hidden state of drand48() at libc-accesses.c:30:16
// CHECK-DAG: write the hidden state of drand48() at libc-accesses.c:30:16
// CHECK-DAG: write the hidden state of localtime(), gmtime(), ctime() and asctime() at libc-accesses.c:31:18
// localtime's result points into its hidden state.
// CHECK-DAG: read t->tm_year at libc-accesses.c:33:32 objects {the hidden state of localtime(), gmtime(), ctime() and asctime()+20}
// CHECK-DAG: read the hidden state of the environment at libc-accesses.c:32:13
// CHECK-DAG: write the hidden state of the environment at libc-accesses.c:39:3
// CHECK-DAG: write the hidden state of drand48() at libc-accesses.c:40:3
// printf reads its %s string, not the %p pointer's memory.
// CHECK-DAG: read text at libc-accesses.c:41:3 objects {text}
// CHECK-NOT: ln at libc-accesses.c:41
// CHECK-LABEL: function worker:
