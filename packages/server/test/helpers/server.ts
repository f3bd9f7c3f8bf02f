export { startTestServer } from './app.ts';
