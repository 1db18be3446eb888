; Rule aggregate-fields in optimised IR: insertvalue, select and phi of
; aggregates, an aggregate stored whole, a constant aggregate. Each pointer
; field keeps its own objects: the second field is {y} (or {y, z} where a
; constant with @z there joins it), never the first field's x.
; RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %s 2>&1 | %FileCheck %s

@x = global i32 0
@y = global i32 0
@z = global i32 0
@slot = global { ptr, ptr } zeroinitializer

define { ptr, ptr } @make(i1 %c) {
  %a = insertvalue { ptr, ptr } undef, ptr @x, 0
  %b = insertvalue { ptr, ptr } %a, ptr @y, 1
  %k = select i1 %c, { ptr, ptr } %b, { ptr, ptr } { ptr @z, ptr null }
  ret { ptr, ptr } %k
}

define void @use(i1 %c) {
entry:
  %r = call { ptr, ptr } @make(i1 %c)
  store { ptr, ptr } %r, ptr @slot
  %f0 = load ptr, ptr @slot
  %s1 = getelementptr { ptr, ptr }, ptr @slot, i32 0, i32 1
  %f1 = load ptr, ptr %s1
  br i1 %c, label %l, label %m
l:
  br label %m
m:
  %p = phi { ptr, ptr } [ %r, %entry ], [ { ptr @z, ptr @z }, %l ]
  %q0 = extractvalue { ptr, ptr } %p, 0
  %q1 = extractvalue { ptr, ptr } %p, 1
  ret void
}
; CHECK-LABEL: racesift-pta: module
; CHECK-DAG: %a in make -> {x}{{$}}
; CHECK-DAG: %b in make -> {x, y}{{$}}
; CHECK-DAG: %k in make -> {x, y, z}{{$}}
; CHECK-DAG: %f0 in use -> {x, z}{{$}}
; CHECK-DAG: %f1 in use -> {y}{{$}}
; CHECK-DAG: %q0 in use -> {x, z}{{$}}
; CHECK-DAG: %q1 in use -> {y, z}{{$}}
