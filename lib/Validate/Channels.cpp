//===- Channels.cpp - Pipes and socket pairs the program makes itself -----===//
//
// Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A library call's result is an input: any value the environment may give.
// That holds for a file or a socket to the outside, not for a pipe the
// program made: a blocking read on it returns only what another thread
// wrote, so a hand-off over a pipe orders the threads. Taking the read's
// result as an input confirmed races the hand-off rules out. The replay
// keeps the bytes of the program's own pipes and socket pairs; a read that
// would block on an empty one ends the path, as the interleaving does not
// let the writer run first (docs/design-validate.md, "own channels").
//
//===----------------------------------------------------------------------===//

#include "Replay.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"

#include <cerrno>

using namespace llvm;

namespace racesift {
namespace validate {

namespace {
constexpr uint64_t NonBlockFlag = 04000; // O_NONBLOCK, SOCK_NONBLOCK.
constexpr uint64_t DontWaitFlag = 0x40;  // MSG_DONTWAIT.
constexpr uint64_t MaxTransfer = 1u << 16;
} // namespace

std::optional<bool> Replayer::channelCall(Path &P, unsigned T,
                                          const CallBase &CB, StringRef N) {
  bool MakePipe = N == "pipe" || N == "pipe2";
  bool MakePair = N == "socketpair";
  bool Read = N == "read" || N == "recv";
  bool Write = N == "write" || N == "send";
  bool Close = N == "close";
  if (!MakePipe && !MakePair && !Read && !Write && !Close)
    return std::nullopt;
  Frame &F = P.Threads[T].Stack.back();
  auto Arg = [&](unsigned I) { return eval(P, F, CB.getArgOperand(I)); };
  Type *RT = CB.getType();
  unsigned RW = RT->isIntegerTy() ? RT->getIntegerBitWidth() : 0;
  auto Done = [&](int64_t R) {
    finishCall(P, T, CB,
               RW ? std::optional(Val::constant(RW, uint64_t(R)))
                  : std::nullopt);
    return true;
  };
  auto FlagsAt = [&](unsigned I) -> uint64_t {
    Val V = Arg(I);
    return V.isConst() ? V.K->getZExtValue() : 0;
  };
  Type *I8 = Type::getInt8Ty(CB.getContext());
  Type *I32 = Type::getInt32Ty(CB.getContext());

  if (MakePipe || MakePair) {
    unsigned FdsArg = MakePair ? 3 : 0;
    if (CB.arg_size() <= FdsArg)
      return std::nullopt;
    bool NonBlocking = (N == "pipe2" && FlagsAt(1) & NonBlockFlag) ||
                       (MakePair && FlagsAt(1) & NonBlockFlag);
    uint64_t Fds = concretize(P, Arg(FdsArg), "pipe");
    int64_t A = P.NextChannelFd, B = A + 1;
    P.NextChannelFd += 2;
    ChannelEnd &EA = P.Channels[A], &EB = P.Channels[B];
    EA.NonBlocking = EB.NonBlocking = NonBlocking;
    // A pipe's end 0 reads what end 1 writes; a socket pair both ways.
    EB.Peer = A;
    EA.Writers = 1;
    if (MakePair) {
      EA.Peer = B;
      EB.Writers = 1;
    }
    store(P, Fds, Val::constant(32, A), I32);
    store(P, Fds + 4, Val::constant(32, B), I32);
    return Done(0);
  }

  Val FdV = Arg(0);
  if (!FdV.isConst())
    return std::nullopt;
  int64_t Fd = FdV.K->getSExtValue();
  auto It = P.Channels.find(Fd);
  if (It == P.Channels.end())
    return std::nullopt; // Not the program's own: an input as before.
  ChannelEnd &End = It->second;
  if (End.Closed)
    return Done(-1);

  if (Close) {
    End.Closed = true;
    if (End.Peer >= 0)
      --P.Channels[End.Peer].Writers;
    return Done(0);
  }
  if (CB.arg_size() < 3)
    return std::nullopt;
  uint64_t Count = pinCount(P, Arg(2), Read ? "read length" : "write length");
  if (Count > MaxTransfer)
    throw Unsupported{"a transfer of more than 64 KiB on a pipe"};
  uint64_t Buf = concretize(P, Arg(1), Read ? "read buffer" : "write buffer");

  if (Write) {
    if (End.Peer < 0 || P.Channels[End.Peer].Closed)
      return Done(-1); // EBADF on a read end; EPIPE with no reader.
    std::vector<Val> Bytes;
    for (uint64_t I = 0; I < Count; ++I)
      Bytes.push_back(load(P, Buf + I, I8, ""));
    ChannelEnd &To = P.Channels[End.Peer];
    To.Bytes.insert(To.Bytes.end(), Bytes.begin(), Bytes.end());
    return Done(int64_t(Count));
  }

  if (End.Bytes.empty() && Count > 0) {
    if (End.Writers == 0)
      return Done(0); // End of file.
    bool DontWait =
        N == "recv" && CB.arg_size() > 3 && FlagsAt(3) & DontWaitFlag;
    if (End.NonBlocking || DontWait)
      return Done(-1); // EAGAIN.
    std::string Line;
    if (const DebugLoc &DLoc = CB.getDebugLoc())
      Line = " at line " + std::to_string(DLoc.getLine());
    dead(P, "'" + N.str() + "'" + Line +
                " waits for data no thread has written to the program's "
                "own pipe yet");
    return false;
  }
  uint64_t Got = std::min<uint64_t>(Count, End.Bytes.size());
  for (uint64_t I = 0; I < Got; ++I) {
    P.Mem.set(Buf + I, End.Bytes.front());
    End.Bytes.pop_front();
  }
  return Done(int64_t(Got));
}

} // namespace validate
} // namespace racesift
