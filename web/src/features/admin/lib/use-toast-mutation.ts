import { useMutation } from '@tanstack/react-query';
import { serverErrorText } from './admin-session';
import { toastError, toastSuccess } from './toast';

type ToastMutationOptions<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The success toast of SPEC §8, fixed or built from the answer. */
  success: string | ((data: TData) => string);
  /** The failure toast of SPEC §8. */
  failure: string;
  /** Show the server's error text instead of `failure` when it sent one (SPEC §8). */
  preferServerText?: boolean;
  onSuccess?: () => void;
};

/** A dashboard write that reports its outcome in one toast, as every tab's actions do. */
export function useToastMutation<TData, TVariables>({
  mutationFn,
  success,
  failure,
  preferServerText = false,
  onSuccess,
}: ToastMutationOptions<TData, TVariables>) {
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      toastSuccess(typeof success === 'function' ? success(data) : success);
      onSuccess?.();
    },
    onError: (error) => toastError((preferServerText ? serverErrorText(error) : null) ?? failure),
  });
}
