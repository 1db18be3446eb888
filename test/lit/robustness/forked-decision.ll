; A replay path forked at a three-way switch (in one thread) resumed and met
; a two-way branch of another thread first; the decision made for the switch
; (successor 2) was taken there, past the branch's two successors (an
; internal error). Decisions now wait for their own branch and thread.
; Reduced with llvm-reduce from a real program's test; names are generic.
; RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-stats -disable-output %s 2>&1 | %FileCheck %s
; CHECK-NOT: internal error
; CHECK: stats: model checker:
; CHECK-NOT: internal error
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.thread = type { ptr, ptr, i64 }

define ptr @describe() {
  %1 = alloca [0 x [0 x i32]], i32 0, align 4
  %2 = load i32, ptr %1, align 4
  switch i32 %2, label %3 [
    i32 1, label %common.ret
    i32 0, label %common.ret
  ]

common.ret:                                       ; preds = %3, %0, %0
  ret ptr null

3:                                                ; preds = %0
  %4 = call ptr @strerror()
  br label %common.ret
}

declare ptr @strerror()

define void @pause_a_while() {
  %1 = alloca i32, i32 0, align 4
  store i64 0, ptr null, align 8
  store i64 0, ptr null, align 8
  %2 = load i32, ptr %1, align 4
  %3 = icmp eq i32 %2, 0
  br i1 %3, label %4, label %6

4:                                                ; preds = %0
  call void null()
  %5 = call ptr @describe()
  unreachable

6:                                                ; preds = %0
  ret void
}

define void @spawn(ptr %0, ptr %1) {
  store ptr %1, ptr %0, align 8
  %3 = call i32 @pthread_create(ptr null, ptr null, ptr @trampoline, ptr %0)
  ret void
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)

define ptr @trampoline(ptr %0) {
  %2 = load ptr, ptr %0, align 8
  %3 = load ptr, ptr null, align 8
  call void %2(ptr null)
  ret ptr null
}

define void @worker(ptr %0) {
  call void @pause_a_while()
  ret void
}

define i32 @main() {
  %1 = alloca %struct.thread, i32 0, align 8
  call void @spawn(ptr %1, ptr @worker)
  %2 = load i32, ptr null, align 4
  call void @check_receive()
  ret i32 0
}

define void @check_receive() {
  %1 = load ptr, ptr null, align 8
  %2 = load i32, ptr null, align 4
  %3 = call ptr @describe()
  unreachable
}
