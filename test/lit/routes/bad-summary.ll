; A summary this RaceSift cannot read (another format version, a truncated
; one) is not used: the note says why, and the module is analysed as it is.
; RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output %s 2>&1 | %FileCheck %s --check-prefix=VERSION
; VERSION: racesift: the unit summaries were not used (a unit summary of format 9; this RaceSift reads format 1 (rebuild the units with this plugin)): the program is analysed as the link optimised it
; VERSION: data race on 'g'
; RUN: sed -e 's/c"RSIFTSUM\\09\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00"/c"RSIFTSUM\\01\\00\\00\\00\\00\\00\\00\\00\\FF\\00\\00\\00\\00\\00\\00\\00"/' %s > %t.ll
; RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=TRUNCATED
; TRUNCATED: racesift: the unit summaries were not used (a truncated unit summary)
; TRUNCATED: data race on 'g'

@g = global i32 0
@racesift.summary = private constant [24 x i8] c"RSIFTSUM\09\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00", section ".racesift", align 1
@llvm.compiler.used = appending global [1 x ptr] [ptr @racesift.summary], section "llvm.metadata"

define ptr @worker(ptr %a) {
  store i32 1, ptr @g
  ret ptr null
}

define i32 @main() {
  %t = alloca i64
  %r = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  store i32 2, ptr @g
  ret i32 0
}

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
