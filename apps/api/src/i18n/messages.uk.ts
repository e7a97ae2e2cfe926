import type { MessageKey } from './messages.en.js';

/**
 * Ukrainian server messages, phrased like Laravel's Ukrainian lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const uk: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'Поле :attribute є обов’язковим.',
  'validation.present': 'Поле :attribute має бути присутнім.',
  'validation.required_without': 'Поле :attribute є обов’язковим, коли :values не вказано.',
  'validation.string': 'Поле :attribute має бути рядком.',
  'validation.integer': 'Поле :attribute має бути цілим числом.',
  'validation.numeric': 'Поле :attribute має бути числом.',
  'validation.boolean': 'Поле :attribute має мати значення «так» або «ні».',
  'validation.array': 'Поле :attribute має бути масивом.',
  'validation.email': 'Поле :attribute має бути дійсною адресою ел. пошти.',
  'validation.date': 'Поле :attribute має бути дійсною датою.',
  'validation.alpha': 'Поле :attribute може містити лише літери.',
  'validation.in': 'Вибране значення для :attribute неприпустиме.',
  'validation.unique': 'Таке значення поля :attribute уже зайняте.',
  'validation.regex': 'Поле :attribute має неправильний формат.',
  'validation.confirmed': 'Поле :attribute не збігається з підтвердженням.',
  'validation.between': 'Поле :attribute має бути між :min і :max.',
  'validation.min.numeric': 'Поле :attribute має бути не менше :min.',
  'validation.min.string': 'Поле :attribute має містити щонайменше :min символів.',
  'validation.max.numeric': 'Поле :attribute не може бути більшим за :max.',
  'validation.max.string': 'Поле :attribute не може містити понад :max символів.',
  'validation.max.file': 'Поле :attribute не може бути більшим за :max КБ.',
  'validation.distinct': 'Поле :attribute містить повторюване значення.',
  'validation.scalar': 'Поле :attribute має бути рядком, числом або логічним значенням.',
  'validation.file': 'Поле :attribute має бути файлом.',
  'validation.image': 'Поле :attribute має бути зображенням.',
  'validation.no_colon': 'Поле :attribute не повинно містити двокрапку.',
  'validation.otpauth_uri': 'Поле :attribute не є коректним URI otpauth.',
  'validation.base32': 'Поле :attribute має бути рядком у кодуванні base32.',
  'validation.otp_type': 'Поле :attribute не підтримується.',
  'validation.uri_label': 'URI повинен мати мітку.',
  'validation.ids': 'Ідентифікатори мають розділятися комами, без коми в кінці.',
  'validation.image_format': 'Підтримувані формати: jpeg, png, bmp, gif, svg або webp.',
  'validation.email_not_found': 'Обліковий запис із цією адресою ел. пошти не знайдено.',
  'validation.first_user': 'Користувача вже зареєстровано',
  'validation.icon_pack': 'Набір значків не знайдено на сервері.',
  'validation.idempotency_key_reused': 'Поле :attribute вже використано для іншого запиту.',
  'validation.and_more_error': '(і ще :count помилка)',
  'validation.and_more_errors': '(і ще помилок: :count)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts': 'Забагато спроб входу. Спробуйте ще раз через :seconds с.',
  'error.demo_disabled': 'Функцію вимкнено в демонстраційному режимі',
  'error.untrusted_proxy': 'Запит надійшов не від довіреного проксі',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Завеликий обсяг даних',
  'error.unsupported_media_type': 'Непідтримуваний тип даних',
  'error.service_unavailable': 'Сервіс недоступний',
  'error.method_not_allowed':
    'Метод :method не підтримується для маршруту :route. Підтримувані методи: :methods.',
  'error.malformed_json': 'Некоректне тіло JSON',
  'error.malformed_multipart': 'Некоректне тіло multipart',
  'error.too_many_ids': 'Забагато ідентифікаторів у параметрі запиту, дозволено не більше 100',
  'error.cannot_decipher':
    'Не вдається розшифрувати секрет. Зазвичай причина — неправильний ключ шифрування або пошкоджені дані в базі даних.',
  'error.invalid_base32_secret': 'некоректний секрет у кодуванні base32',
  'error.invalid_otp_parameters': 'некоректні параметри OTP',
  'error.unsupported_otp_type': 'Непідтримуваний тип OTP',
  'error.unable_to_decrypt_uri': 'Не вдається розшифрувати URI',
  'error.qr_not_found': 'На зображенні не знайдено QR-коду, спробуйте обрізати зображення',
  'error.qr_unreadable': 'Немає читабельного QR-коду',
  'error.migration_unreadable': 'Некоректні або нечитабельні дані :app',
  'error.migration_no_format': 'Дані не відповідають жодному підтримуваному формату',
  'error.migration_encrypted': 'Не вдається прочитати, дані, схоже, зашифровано',
  'error.migration_wrong_password': 'Неправильний пароль, дані :app неможливо розшифрувати',
  'error.migration_unsupported_encryption': 'Непідтримувані параметри шифрування :app',
  'error.migration_unsupported_cipher':
    'Непідтримувані параметри шифрування :app: шифр :cipher неможливо прочитати',
  'error.migration_use_export':
    'Схоже, це зашифрована база даних :app, яку неможливо прочитати; експортуйте облікові записи з :app у файл та імпортуйте цей файл',
  'error.migration_account_key':
    'Цей експорт Bitwarden зашифровано ключем вашого облікового запису, і його неможливо імпортувати; експортуйте його ще раз із паролем або без шифрування',
  'error.file_upload_failed': 'Не вдалося завантажити файл',
  'error.encryption_failed': 'Шифрування не вдалося, база даних залишається незахищеною.',
  'error.decryption_failed':
    'Розшифрування не вдалося, база даних і далі захищена. Зазвичай причина — порушення цілісності зашифрованих даних одного чи кількох облікових записів.',
  'error.password_sign_in_off':
    'Вхід за паролем вимкнено на цьому сервері: увійдіть через свого постачальника ідентичності.',
  'error.oidc_unavailable': 'Постачальник ідентичності зараз недоступний. Спробуйте пізніше.',
  'error.identity_confirmation_required':
    'Підтвердьте свою особу, щоб побачити це (пароль або ключ безпеки).',
  'error.token_scope_required': 'Ваш токен не може цього зробити: потрібна область ":scope" або ширша.',
  'error.session_required':
    'Це можна зробити лише в сеансі з виконаним входом, а не особистим токеном доступу.',
  'error.device_authorization_pending': 'Підключення ще не схвалено: повторіть запит за кілька секунд.',
  'error.device_slow_down': 'Надто часто: зачекайте інтервал між двома запитами.',
  'error.device_access_denied': 'У підключенні відмовлено.',
  'error.device_expired_token':
    'Цей код підключення невідомий, прострочений або вже використаний: почніть спочатку.',
  'validation.website': 'Поле :attribute має бути доменом сайту, наприклад github.com.',
  'error.wrong_password': 'Неправильний пароль',
  'error.wrong_current_password': 'Неправильний поточний пароль, нічого не змінено',
  'error.user_deletion_failed': 'Не вдалося видалити обліковий запис користувача, дані не видалено',
  'error.email_sending_failed': 'Не вдалося надіслати лист',
  'error.no_registered_user': 'немає зареєстрованого користувача',
  'error.cannot_register_more': 'Не можна зареєструвати більше одного користувача.',
  'error.wait_before_retrying': 'Зачекайте, перш ніж повторити спробу.',
  'error.reset_user_not_found': 'Користувача з такою адресою ел. пошти не знайдено.',
  'error.reset_token_invalid': 'Цей токен скидання пароля недійсний.',
  'error.invalid_recovery_token': 'Недійсний токен відновлення',
  'error.otp_without_secret': 'Не можна створити OTP без секрету',
  'error.device_not_verified': 'Не вдалося перевірити ключ безпеки.',
  'error.webauthn_needs_device': 'Зареєструйте принаймні один пристрій, щоб увімкнути ці параметри',
  'error.group_reserved_name': 'Зарезервована назва, виберіть іншу',
  'error.group_name_characters':
    'Використовуйте лише літери, цифри, дефіси, підкреслення, пробіли або апострофи',
  'error.only_custom_setting_deletable': 'Видаляти можна лише налаштування, створені користувачем',
  'error.uri_alone': "Параметр uri потрібно передавати окремо або лише разом із параметром 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Пароль успішно змінено',
  'success.reset_link_sent': 'Ми надіслали вам посилання для скидання пароля!',
  'success.password_reset': 'Ваш пароль скинуто!',
  'success.recovery_email_sent': 'Лист для відновлення доступу надіслано!',
  'success.device_registered': 'Пристрій успішно зареєстровано',
  // Other texts
  'error.backup_password_missing':
    'Пароль резервних копій не задано: спершу задайте його в розділі Налаштування → Резервні копії.',
  'error.backup_password_wrong': 'Поточний пароль резервних копій неправильний.',
  'group.all': 'Усі',
  'account.invalid_account': '- неприпустимий обліковий запис -',
  'account.invalid_service': '- неприпустимий сервіс -',
  // E-mails
  'mail.greeting': 'Вітаємо, :name!',
  'mail.password_reset.subject': ':app: скидання пароля',
  'mail.password_reset.intro':
    'Ви запросили скидання пароля. Відкрийте це посилання протягом 60 хвилин, щоб вибрати новий:',
  'mail.password_reset.action': 'Скинути пароль',
  'mail.password_reset.ignore':
    'Якщо ви цього не запитували, проігноруйте цей лист: ваш пароль залишиться незмінним.',
  'mail.webauthn_recovery.subject': ':app: реєстрація нового пристрою безпеки',
  'mail.webauthn_recovery.intro':
    'Ви втратили пристрій безпеки. Відкрийте це посилання протягом 60 хвилин, щоб зареєструвати новий:',
  'mail.webauthn_recovery.action': 'Зареєструвати новий пристрій безпеки',
  'mail.webauthn_recovery.ignore': 'Якщо ви цього не запитували, проігноруйте цей лист.',
  // Alerts
  'validation.url': 'Поле :attribute має бути дійсною URL-адресою.',
  'alert.new_device.title': 'Новий вхід до Twofold',
  'alert.new_device.body':
    'Вхід з нового пристрою: :browser на :platform, IP-адреса :ip. Якщо це були не ви, змініть пароль.',
  'alert.failed_sign_in.title': 'Невдалий вхід до Twofold',
  'alert.failed_sign_in.body':
    'Невдала спроба входу з IP-адреси :ip. Про інші невдачі протягом наступних 15 хвилин повідомлень не буде.',
  'alert.token_created.title': 'Новий персональний токен доступу',
  'alert.token_created.body': 'Створено персональний токен доступу «:name».',
  'alert.security_device_added.title': 'Новий пристрій безпеки',
  'alert.security_device_added.body': 'До вашого облікового запису додано новий пристрій безпеки.',
  'alert.export.title': 'Облікові записи експортовано',
  'alert.export.body': 'Ваші облікові записи експортовано разом із секретами (формат: :format).',
  'alert.backup_failed.title': 'Заплановане резервне копіювання не вдалося',
  'alert.backup_failed.body':
    'Не вдалося записати заплановану резервну копію. Перевірте налаштування резервного копіювання.',
  'error.disk_full':
    'Недостатньо місця на диску даних сервера (DATA_DIR): нічого не збережено. Звільніть місце й спробуйте ще раз.',
  'alert.clock_skew.title': 'Годинник сервера йде неправильно',
  'alert.clock_skew.body':
    'Годинник сервера відрізняється на :offset від пристроїв, які його використовують (+ поспішає, − відстає). Коди, обчислені сервером, неправильні, доки його час не виправлено (NTP).',
  'alert.clock_skew.gone.title': 'Годинник сервера знову йде правильно',
  'alert.clock_skew.gone.body': 'Годинник сервера знову збігається з його пристроями.',
  'alert.disk_full.title': 'Диск сервера заповнено',
  'alert.disk_full.body':
    'Диск даних сервера (DATA_DIR) заповнено: нові дані відхиляються, доки не звільниться місце. Нічого зі збереженого не втрачено.',
  'alert.test.title': 'Тестове сповіщення Twofold',
  'alert.test.body': 'Цей канал працює: Twofold може надсилати сюди сповіщення.',
  'alert.alerts_changed.title': 'Налаштування сповіщень змінено',
  'alert.alerts_changed.body':
    'Налаштування ваших сповіщень змінено (:changes). Якщо це були не ви, відкличте особисті токени доступу й перевірте Налаштування, Сповіщення.',
  'error.alert_url_password': 'Введіть пароль в URL ще раз: збережений належить попередній адресі.',
};

/** Ukrainian names of the `:attribute` values, keyed by the English attribute. */
export const ukAttributes: Readonly<Record<string, string>> = {
  account: 'обліковий запис',
  algorithm: 'алгоритм',
  counter: 'лічильник',
  credential: 'облікові дані',
  'current password': 'поточний пароль',
  'custom otp': 'власний OTP',
  digits: 'цифри',
  email: 'адреса ел. пошти',
  file: 'файл',
  format: 'формат',
  'group id': 'група',
  icon: 'значок',
  'icon pack': 'набір значків',
  key: 'ключ',
  label: 'мітка',
  name: 'ім’я',
  'otp type': 'тип OTP',
  password: 'пароль',
  'password confirmation': 'підтвердження пароля',
  payload: 'дані',
  period: 'період',
  qrcode: 'QR-код',
  secret: 'секрет',
  service: 'сервіс',
  token: 'токен',
  value: 'значення',
  variant: 'варіант',
};
