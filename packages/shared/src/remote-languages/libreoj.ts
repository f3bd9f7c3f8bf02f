/**
 * reference §10.1 / §10.2 LibreOJ: the language name a user picks → the API's `language` and
 * `compileAndRunOptions`. HOJ's judge keyed "C# 7" while its row is "C# 7.3" (so it could never be
 * submitted) and wrote a broken options object for "C 17 (Clang)"; both are right here.
 */
export const LIBREOJ_LANGUAGES: readonly (readonly [
  name: string,
  language: string,
  options: Record<string, string>,
])[] = [
  ['C++ 11 (G++)', 'cpp', { compiler: 'g++', std: 'c++11', O: '0', m: '64' }],
  ['C++ 17 (G++)', 'cpp', { compiler: 'g++', std: 'c++17', O: '0', m: '64' }],
  ['C++ 11 (Clang++)', 'cpp', { compiler: 'clang++', std: 'c++11', O: '0', m: '64' }],
  ['C++ 17 (Clang++)', 'cpp', { compiler: 'clang++', std: 'c++17', O: '0', m: '64' }],
  ['C++ 11 O2(G++)', 'cpp', { compiler: 'g++', std: 'c++11', O: '2', m: '64' }],
  ['C++ 17 O2(G++)', 'cpp', { compiler: 'g++', std: 'c++17', O: '2', m: '64' }],
  ['C++ 11 O2(Clang++)', 'cpp', { compiler: 'clang++', std: 'c++11', O: '2', m: '64' }],
  ['C++ 17 O2(Clang++)', 'cpp', { compiler: 'clang++', std: 'c++17', O: '2', m: '64' }],
  ['C 11 (GCC)', 'c', { compiler: 'gcc', std: 'c11', O: '0', m: '64' }],
  ['C 17 (GCC)', 'c', { compiler: 'gcc', std: 'c17', O: '0', m: '64' }],
  ['C 11 (Clang)', 'c', { compiler: 'clang', std: 'c11', O: '0', m: '64' }],
  ['C 17 (Clang)', 'c', { compiler: 'clang', std: 'c17', O: '0', m: '64' }],
  ['Java', 'java', {}],
  ['Kotlin 1.8 (JVM)', 'kotlin', { version: '1.8', platform: 'jvm' }],
  ['Pascal', 'pascal', { optimize: '-' }],
  ['Python 3.10', 'python', { version: '3.10' }],
  ['Python 3.9', 'python', { version: '3.9' }],
  ['Python 2.7', 'python', { version: '2.7' }],
  ['Rust 2021', 'rust', { version: '2021', optimize: '0' }],
  ['Rust 2018', 'rust', { version: '2018', optimize: '0' }],
  ['Rust 2015', 'rust', { version: '2015', optimize: '0' }],
  ['Go 1.x', 'go', { version: '1.x' }],
  ['C# 9', 'csharp', { version: '9' }],
  ['C# 7.3', 'csharp', { version: '7.3' }],
];
