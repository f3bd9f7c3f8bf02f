import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { http, type ApiEnvelope } from './http';
import { inLanguage } from './problem';

/** `data` of a call with the server's message (already in the interface language). */
export interface Answer<T> {
  data: T;
  msg: string;
}

/**
 * Calls whose caller shows the server's message (a save, a login): the request goes in the
 * interface language (ARCHITECTURE "Server messages") and is answered with the envelope's data and
 * message. Used by the account and admin api modules.
 */
export async function answerOf<T>(request: Promise<AxiosResponse<ApiEnvelope<T>>>): Promise<Answer<T>> {
  const { data } = await request;
  return { data: data.data, msg: data.msg };
}

export const getAnswer = <T>(url: string, params?: Record<string, unknown>) =>
  answerOf<T>(http.get<ApiEnvelope<T>>(url, inLanguage({ params })));
export const get = async <T>(url: string, params?: Record<string, unknown>) =>
  (await getAnswer<T>(url, params)).data;
export const post = <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
  answerOf<T>(http.post<ApiEnvelope<T>>(url, body, inLanguage(config)));
export const put = <T>(url: string, body?: unknown, params?: Record<string, unknown>) =>
  answerOf<T>(http.put<ApiEnvelope<T>>(url, body, inLanguage({ params })));
export const del = <T>(url: string, params?: Record<string, unknown>) =>
  answerOf<T>(http.delete<ApiEnvelope<T>>(url, inLanguage({ params })));
