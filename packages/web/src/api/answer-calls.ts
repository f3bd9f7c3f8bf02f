import type { AxiosResponse } from 'axios';
import type { Answer } from './admin-problem';
import { http, type ApiEnvelope } from './http';
import { inLanguage } from './problem';

/**
 * The admin contest and training calls: the request in the interface language (ARCHITECTURE
 * "Server messages"), answered with the envelope's data and message, so a save can show `msg`.
 */
export async function answerOf<T>(request: Promise<AxiosResponse<ApiEnvelope<T>>>): Promise<Answer<T>> {
  const { data } = await request;
  return { data: data.data, msg: data.msg };
}

export const get = async <T>(url: string, params?: Record<string, unknown>) =>
  (await answerOf<T>(http.get<ApiEnvelope<T>>(url, inLanguage({ params })))).data;
export const post = <T>(url: string, body?: unknown) =>
  answerOf<T>(http.post<ApiEnvelope<T>>(url, body, inLanguage()));
export const put = <T>(url: string, body?: unknown, params?: Record<string, unknown>) =>
  answerOf<T>(http.put<ApiEnvelope<T>>(url, body, inLanguage({ params })));
export const del = <T>(url: string, params: Record<string, unknown>) =>
  answerOf<T>(http.delete<ApiEnvelope<T>>(url, inLanguage({ params })));
