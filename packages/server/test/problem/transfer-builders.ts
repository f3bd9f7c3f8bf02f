import type { RawEntry } from '../admin/zip.ts';

/**
 * Builders of problem packages as other judges write them (HOJ, QDUOJ, Hydro, FPS), shared by the
 * server's import tests and the judge's end-to-end import judging.
 */

/** A JSON as HOJ's ProblemFileManager.exportProblem writes it (hutool's JSONUtil: nulls left out). */
export function hojJson(problemFields: Record<string, unknown>, rest: Record<string, unknown>) {
  return JSON.stringify({
    problem: {
      title: 'HOJ problem',
      type: 0,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      description: 'desc',
      input: 'in',
      output: 'out',
      examples: '<input>1 2</input><output>3</output>',
      isRemote: false,
      source: 'HOJ',
      difficulty: 1,
      hint: 'hint',
      auth: 1,
      ioScore: 100,
      codeShare: true,
      isRemoveEndBlank: true,
      openCaseResult: true,
      isUploadCase: true,
      modifiedUser: 'hojadmin',
      isGroup: false,
      isFileIO: false,
      ...problemFields,
    },
    languages: ['C++'],
    samples: [{ input: '1.in', output: '1.out' }],
    tags: [],
    codeTemplates: [],
    judgeMode: problemFields.judgeMode ?? 'default',
    ...rest,
  });
}

/** A problem folder's files, as HOJ's zip holds them (no folder entries: hutool writes files only). */
export function hojFolder(key: string, files: Record<string, string>): RawEntry[] {
  return Object.entries(files).map(([name, content]) => ({ name: `${key}/${name}`, content, deflate: true }));
}

/** One problem folder of a QDUOJ export: `<key>/problem.json` and `<key>/testcase/…`. */
export function qdojFolder(
  key: string,
  json: Record<string, unknown>,
  cases: Record<string, string>,
): RawEntry[] {
  return [
    { name: `${key}/`, content: '' },
    { name: `${key}/problem.json`, content: JSON.stringify(json), deflate: true },
    { name: `${key}/testcase/`, content: '' },
    ...Object.entries(cases).map(([name, content]) => ({
      name: `${key}/testcase/${name}`,
      content,
      deflate: true,
    })),
  ];
}

/** problem.json as QDUOJ's export writes it (ExportProblemSerializer). */
export function qdojJson(fields: Record<string, unknown>) {
  return {
    display_id: 'Q-1',
    title: 'QDUOJ problem',
    description: { format: 'html', value: '<p>desc</p>' },
    input_description: { format: 'html', value: '<p>input</p>' },
    output_description: { format: 'html', value: '<p>output</p>' },
    hint: { format: 'html', value: '' },
    test_case_score: [{ score: 100, input_name: '1.in', output_name: '1.out' }],
    time_limit: 1000,
    memory_limit: 256,
    samples: [{ input: '1 2', output: '3' }],
    template: {},
    spj: null,
    rule_type: 'ACM',
    source: 'QDUOJ',
    answers: [],
    tags: ['qd'],
    ...fields,
  };
}

/** One problem folder of a Hydro export, its files by path inside it. */
export function hydroFolder(key: string, files: Record<string, string | Buffer>): RawEntry[] {
  return Object.entries(files).map(([name, content]) => ({ name: `${key}/${name}`, content, deflate: true }));
}

export const hydroYaml = (pid: string, title: string, tags: string[] = []) =>
  `pid: ${pid}\nowner: 2\ntitle: ${title}\ntag:\n${tags.map((t) => `  - ${t}`).join('\n')}\nnSubmit: 0\nnAccept: 0\n`;

export const cdata = (text: string) => `<![CDATA[${text}]]>`;

/** One `<item>` as HUSTOJ's FPS export writes it (every text in CDATA). */
export function fpsItem(parts: {
  title: string;
  time?: string;
  memory?: string;
  description?: string;
  input?: string;
  images?: { src: string; bytes: Buffer }[];
  samples?: [string, string][];
  tests?: string[];
  outputs?: string[];
  templates?: [string, string][];
  spj?: [string, string];
  extra?: string;
}) {
  return [
    '<item>',
    `<title>${cdata(parts.title)}</title>`,
    parts.time ?? `<time_limit unit="s">${cdata('1')}</time_limit>`,
    parts.memory ?? `<memory_limit unit="mb">${cdata('128')}</memory_limit>`,
    ...(parts.images ?? []).map(
      (img) =>
        `<img><src>${cdata(img.src)}</src><base64>${cdata(img.bytes.toString('base64'))}</base64></img>`,
    ),
    `<description>${cdata(parts.description ?? '<p>desc</p>')}</description>`,
    `<input>${cdata(parts.input ?? '<p>in</p>')}</input>`,
    `<output>${cdata('<p>out</p>')}</output>`,
    ...(parts.samples ?? []).flatMap(([i, o]) => [
      `<sample_input>${cdata(i)}</sample_input>`,
      `<sample_output>${cdata(o)}</sample_output>`,
    ]),
    ...(parts.tests ?? []).map((t) => `<test_input>${cdata(t)}</test_input>`),
    ...(parts.outputs ?? []).map((t) => `<test_output>${cdata(t)}</test_output>`),
    `<hint>${cdata('<p>hint</p>')}</hint>`,
    `<source>${cdata('FPS source')}</source>`,
    ...(parts.templates ?? []).map(
      ([lang, code]) => `<template language="${lang}">${cdata(code)}</template>`,
    ),
    ...(parts.spj ? [`<spj language="${parts.spj[0]}">${cdata(parts.spj[1])}</spj>`] : []),
    parts.extra ?? '',
    '</item>',
  ].join('\n');
}

export const fpsFile = (version: string, items: string[]) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<fps version="${version}" url="https://github.com/zhblue/freeproblemset/">\n<generator name="HUSTOJ" url="https://github.com/zhblue/hustoj/"/>\n${items.join('\n')}\n</fps>\n`,
  );
