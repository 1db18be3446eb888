; A module that declares pthread_create without its parameters (an old
; K&R-style declaration, or IR from another front end) and calls it with
; none: no start routine, no crash, a normal compile.
; RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-stats -disable-output %s 2>&1 | %FileCheck %s
; CHECK-NOT: internal error
; CHECK: stats: 1 thread templates, 1 creation sites
; CHECK-NOT: internal error
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @start() {
  %1 = call i32 @pthread_create()
  ret void
}

declare i32 @pthread_create()
