//===- StateEncoding.cpp - Configurations packed for the visited set ------===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Every configuration the search meets is packed into a byte string, the
// key of the visited set; most of its tables are idle, so idle entries
// cost next to nothing.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include <string>

using namespace racesift;
using namespace racesift::mc;

//===----------------------------------------------------------------------===//
// Compact packing: LEB128 varints, zig-zag for signed values.
//===----------------------------------------------------------------------===//

static void putU(std::string &S, uint64_t V) {
  do {
    uint8_t B = V & 0x7f;
    V >>= 7;
    S.push_back(char(B | (V ? 0x80 : 0)));
  } while (V);
}
static void putS(std::string &S, int64_t V) {
  putU(S, (uint64_t(V) << 1) ^ uint64_t(V >> 63));
}
static void putVal(std::string &S, const Value &V) {
  if (!V.Known)
    S.push_back(0);
  else {
    S.push_back(1);
    putS(S, V.V);
  }
}

/// Lock and handle tables hold every location an operand may denote, so on
/// imprecise models they run to hundreds of entries, nearly all idle at
/// any time: only the others are written, each as its distance from the
/// previous one and its value (a canonical form: one key per state).
template <typename T, typename IdleFn, typename PutFn>
static void putSparse(std::string &S, const SparseTable<T> &V, IdleFn Idle,
                      PutFn Put) {
  size_t N = 0;
  for (const auto &[I, X] : V.stored())
    N += !Idle(X);
  putU(S, N);
  size_t Prev = 0;
  for (const auto &[I, X] : V.stored())
    if (!Idle(X)) {
      putU(S, I - Prev);
      Prev = I;
      Put(X);
    }
}

namespace {
struct Reader {
  const std::string &S;
  size_t P = 0;
  uint64_t u() {
    uint64_t V = 0;
    for (unsigned Shift = 0;; Shift += 7) {
      uint8_t B = uint8_t(S[P++]);
      V |= uint64_t(B & 0x7f) << Shift;
      if (!(B & 0x80))
        return V;
    }
  }
  int64_t s() {
    uint64_t V = u();
    return int64_t(V >> 1) ^ -int64_t(V & 1);
  }
  Value val() {
    Value V;
    V.Known = S[P++] != 0;
    if (V.Known)
      V.V = s();
    return V;
  }
  /// The entries putSparse() wrote into V, sized and idle.
  template <typename T, typename GetFn>
  void sparse(SparseTable<T> &V, GetFn Get) {
    size_t N = u(), I = 0;
    for (size_t K = 0; K < N; ++K) {
      I += u();
      Get(V.at(I));
    }
  }
};
} // namespace

void Prepared::pack(const Config &C, std::string &Out) const {
  Out.clear();
  putU(Out, C.Threads.size());
  for (const ThreadState &T : C.Threads) {
    putU(Out, T.Template);
    putU(Out, T.Graph);
    putU(Out, T.Node);
    Out.push_back(char(T.St));
    putU(Out, T.Aux);
    putU(Out, uint64_t(T.RetNode) + 1);
    for (const Value &V : T.Locals)
      putVal(Out, V);
    if (Objects->hasThreadIds())
      putU(Out, T.Id);
  }
  for (uint8_t N : C.SiteCount)
    Out.push_back(char(N));
  auto NoInstance = [](uint64_t H) { return H == 0; };
  auto PutInstances = [&](uint64_t H) { putU(Out, H); };
  putSparse(Out, C.Handles, NoInstance, PutInstances);
  putSparse(Out, C.Joinable, NoInstance, PutInstances);
  putSparse(
      Out, C.Locks,
      [](const LockState &L) { return !L.Owner && !L.Count && !L.Readers; },
      [&](const LockState &L) {
        Out.push_back(char(L.Owner));
        putU(Out, L.Count);
        putU(Out, L.Readers);
      });
  for (int64_t S : C.Sems)
    putS(Out, S);
  for (uint8_t O : C.Onces)
    Out.push_back(char(O));
  for (uint64_t B : C.Barriers)
    putU(Out, B);
  for (const Value &V : C.Shared)
    putVal(Out, V);
  if (Objects->hasThreadIds())
    putU(Out, C.FreedIds);
}

Config Prepared::unpack(const std::string &In) const {
  Reader R{In};
  Config C;
  C.Threads.resize(R.u());
  for (ThreadState &T : C.Threads) {
    T.Template = R.u();
    T.Graph = R.u();
    T.Node = R.u();
    T.St = Status(uint8_t(In[R.P++]));
    T.Aux = R.u();
    T.RetNode = uint32_t(R.u() - 1);
    T.Locals.resize(Objects->numLocal());
    for (Value &V : T.Locals)
      V = R.val();
    T.Id = Objects->hasThreadIds() ? uint32_t(R.u())
                                   : uint32_t(&T - &C.Threads[0] + 1);
  }
  C.SiteCount.resize(NumCreateSlots);
  for (uint8_t &N : C.SiteCount)
    N = uint8_t(In[R.P++]);
  auto GetInstances = [&](uint64_t &H) { H = R.u(); };
  C.Handles.assign(Objects->table(ObjKind::Handle).size());
  R.sparse(C.Handles, GetInstances);
  C.Joinable.assign(C.Handles.size());
  R.sparse(C.Joinable, GetInstances);
  C.Locks.assign(Objects->table(ObjKind::Lock).size());
  R.sparse(C.Locks, [&](LockState &L) {
    L.Owner = uint8_t(In[R.P++]);
    L.Count = uint16_t(R.u());
    L.Readers = R.u();
  });
  C.Sems.resize(Objects->semInit().size());
  for (int64_t &S : C.Sems)
    S = R.s();
  C.Onces.resize(Objects->table(ObjKind::Once).size());
  for (uint8_t &O : C.Onces)
    O = uint8_t(In[R.P++]);
  C.Barriers.resize(Objects->barrierCount().size());
  for (uint64_t &B : C.Barriers)
    B = R.u();
  C.Shared.resize(Objects->numShared());
  for (Value &V : C.Shared)
    V = R.val();
  if (Objects->hasThreadIds())
    C.FreedIds = R.u();
  return C;
}
