// clang-format off
// Option pta-trace of print<racesift-pta>: how an object reached what a
// location holds (the shortest way back over the solved graph's copy, GEP,
// load and store edges), for finding where a set went wrong; and
// points-to-steps, which stops the solver there for a bisection.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -racesift-pta-trace='y<-g+8' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=TRACE
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -racesift-pta-trace='x<-g+8' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=NOTHERE
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -racesift-pta-trace='x<-nosuch' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=NOLOC
// RUN: %not %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -racesift-pta-trace=g+8 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -racesift-points-to-steps=3 -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=STEPS
struct box {
  int *a, *b;
};
int x, y;
struct box g;

static int *pick(int *p) { return p; }

void fill(void) {
  int *q = pick(&y);
  g.a = &x;
  g.b = q;
}
// y entered at its own node, went through pick's result (line 21) and q
// (line 23) into g.b.
// TRACE: racesift-pta: trace of 'y' into 'g+8'
// TRACE-NEXT: y, 1 locations
// TRACE-NEXT: --copy-->
// TRACE-NEXT: fill (trace.c:21), 1 locations
// TRACE-NEXT: --copy-->
// TRACE-NEXT: fill (trace.c:23), 1 locations
// TRACE-NEXT: --copy-->
// TRACE-NEXT: what 'g+8' holds, 1 locations
// NOTHERE: 'g+8' holds no object named like 'x'
// NOLOC: no location 'nosuch'
// BAD: invalid value 'g+8' for option 'pta-trace' (from -racesift-pta-trace): expected <pointee><-<object>[+<offset>]
// STEPS: racesift-pta: the solver stopped at its step budget (3): the sets are those reached so far
