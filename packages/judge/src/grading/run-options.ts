import fs from 'node:fs/promises';
import { expandArgv } from '../languages/argv.ts';
import type { LanguageSpec } from '../languages/types.ts';
import { WORK_TARGET, type BindMount, type SandboxRunOptions, type StdioTarget } from '../sandbox/index.ts';
import { MiB, PROCESSES, runCpuMs, runMemoryBytes, runWallMs } from './limits.ts';
import type { FactoredLimits } from './run-verdict.ts';

/** The cwd of file-I/O runs: the box's private tmpfs, so scratch files count as memory, not host disk. */
export const FILE_IO_DIR = '/tmp';

/**
 * reference §8.13 file I/O: the case input appears as io_read_file_name and the program's
 * io_write_file_name is collected, both in its cwd. Both are single-file binds into the box's /tmp:
 * the input read-only (no copy), the output a host file the judge created empty and reads afterwards
 * (a program that never writes it has an empty output, as in HOJ). Any other file the program makes
 * lands in the tmpfs and disappears with the box.
 */
export interface FileIo {
  inputFile: string;
  inputName: string;
  outputFile: string;
  outputName: string;
}

/** Creates the empty, writable output file of a file-I/O run (the input's bytes when both names agree). */
export async function prepareFileIoOutput(io: FileIo): Promise<void> {
  if (io.inputName === io.outputName) await fs.copyFile(io.inputFile, io.outputFile);
  else await fs.writeFile(io.outputFile, '');
  await fs.chmod(io.outputFile, 0o666);
}

function fileIoBinds(io: FileIo): BindMount[] {
  const output = { source: io.outputFile, target: `${FILE_IO_DIR}/${io.outputName}`, readWrite: true };
  if (io.inputName === io.outputName) return [output];
  return [{ source: io.inputFile, target: `${FILE_IO_DIR}/${io.inputName}` }, output];
}

export interface UserRunRequest {
  slot: number;
  language: LanguageSpec;
  /** Host directory with the compiled program, mounted read-only at /w. */
  box: string;
  limits: FactoredLimits;
  stackMb: number;
  outputBytes: number;
  stdin?: StdioTarget;
  stdout?: StdioTarget;
  stderr: StdioTarget;
  fileIo?: FileIo;
}

/** The sandbox options of one user run (reference §8.5 "run one case"). */
export function userRunOptions(request: UserRunRequest): SandboxRunOptions {
  const { language, limits } = request;
  return {
    argv: expandArgv(language.run.argv, {
      src: language.sourceName,
      exe: language.executableName,
      memoryMb: limits.memoryMb,
      stackMb: request.stackMb,
      workDir: WORK_TARGET,
    }),
    workDir: request.box,
    ...(request.fileIo ? { cwd: FILE_IO_DIR } : {}),
    env: { ...language.run.env },
    cpuTimeMs: runCpuMs(limits),
    wallTimeMs: runWallMs(limits),
    memoryBytes: runMemoryBytes(limits),
    processes: PROCESSES,
    outputBytes: request.outputBytes,
    stackBytes: request.stackMb * MiB,
    stdin: request.stdin,
    stdout: request.stdout,
    stderr: request.stderr,
    slot: request.slot,
    seccomp: language.run.seccomp,
    extraBinds: [...(language.binds ?? []), ...(request.fileIo ? fileIoBinds(request.fileIo) : [])],
  };
}
