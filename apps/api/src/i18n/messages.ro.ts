import type { MessageKey } from './messages.en.js';

/**
 * Romanian server messages, phrased like Laravel's Romanian lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const ro: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'Câmpul :attribute este obligatoriu.',
  'validation.present': 'Câmpul :attribute trebuie să fie prezent.',
  'validation.required_without': 'Câmpul :attribute este obligatoriu când :values nu este prezent.',
  'validation.string': 'Câmpul :attribute trebuie să fie un șir de caractere.',
  'validation.integer': 'Câmpul :attribute trebuie să fie un număr întreg.',
  'validation.numeric': 'Câmpul :attribute trebuie să fie un număr.',
  'validation.boolean': 'Câmpul :attribute trebuie să fie adevărat sau fals.',
  'validation.array': 'Câmpul :attribute trebuie să fie un tablou.',
  'validation.email': 'Câmpul :attribute trebuie să fie o adresă de e-mail validă.',
  'validation.date': 'Câmpul :attribute trebuie să fie o dată validă.',
  'validation.alpha': 'Câmpul :attribute poate conține doar litere.',
  'validation.in': 'Valoarea selectată pentru :attribute nu este validă.',
  'validation.unique': 'Valoarea câmpului :attribute este deja folosită.',
  'validation.regex': 'Formatul câmpului :attribute nu este valid.',
  'validation.confirmed': 'Confirmarea câmpului :attribute nu se potrivește.',
  'validation.between': 'Câmpul :attribute trebuie să fie între :min și :max.',
  'validation.min.numeric': 'Câmpul :attribute trebuie să fie cel puțin :min.',
  'validation.min.string': 'Câmpul :attribute trebuie să aibă cel puțin :min caractere.',
  'validation.max.numeric': 'Câmpul :attribute nu poate fi mai mare decât :max.',
  'validation.max.string': 'Câmpul :attribute nu poate avea mai mult de :max caractere.',
  'validation.max.file': 'Câmpul :attribute nu poate depăși :max kilobytes.',
  'validation.distinct': 'Câmpul :attribute conține o valoare duplicată.',
  'validation.scalar':
    'Câmpul :attribute trebuie să fie un șir de caractere, un număr sau o valoare booleană.',
  'validation.file': 'Câmpul :attribute trebuie să fie un fișier.',
  'validation.image': 'Câmpul :attribute trebuie să fie o imagine.',
  'validation.no_colon': 'Câmpul :attribute nu poate conține două puncte.',
  'validation.otpauth_uri': 'Câmpul :attribute nu este un URI otpauth valid.',
  'validation.base32': 'Câmpul :attribute trebuie să fie un șir codificat base32.',
  'validation.otp_type': 'Câmpul :attribute nu este acceptat.',
  'validation.uri_label': 'URI-ul trebuie să aibă o etichetă.',
  'validation.ids': 'ID-urile trebuie separate prin virgulă, fără virgulă la final.',
  'validation.image_format': 'Formatele acceptate sunt jpeg, png, bmp, gif, svg sau webp.',
  'validation.email_not_found': 'Nu a fost găsit niciun cont cu acest e-mail.',
  'validation.first_user': 'Există deja un utilizator înregistrat',
  'validation.icon_pack': 'Pachetul de pictograme nu a fost găsit pe server.',
  'validation.idempotency_key_reused': 'Câmpul :attribute a fost deja folosit pentru o altă cerere.',
  'validation.and_more_error': '(și încă :count eroare)',
  'validation.and_more_errors': '(și încă :count erori)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts':
    'Prea multe încercări de autentificare. Încearcă din nou peste :seconds secunde.',
  'error.demo_disabled': 'Funcție dezactivată în modul demonstrativ',
  'error.untrusted_proxy': 'Cererea nu provine de la un proxy de încredere',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Conținut prea mare',
  'error.unsupported_media_type': 'Tip de conținut neacceptat',
  'error.service_unavailable': 'Serviciu indisponibil',
  'error.method_not_allowed':
    'Metoda :method nu este acceptată pentru ruta :route. Metode acceptate: :methods.',
  'error.malformed_json': 'Corp JSON malformat',
  'error.malformed_multipart': 'Corp multipart malformat',
  'error.too_many_ids': 'Prea multe ID-uri în parametrul interogării, maximum 100',
  'error.cannot_decipher':
    'Secretul nu poate fi descifrat. Cauza este de obicei o cheie de criptare greșită sau date corupte în baza de date.',
  'error.invalid_base32_secret': 'nu este un secret codificat base32 valid',
  'error.invalid_otp_parameters': 'parametri OTP nevalizi',
  'error.unsupported_otp_type': 'Tip OTP neacceptat',
  'error.unable_to_decrypt_uri': 'URI-ul nu poate fi decriptat',
  'error.qr_not_found': 'Nu a fost detectat niciun cod QR în imagine, încearcă să o decupezi',
  'error.qr_unreadable': 'Niciun cod QR lizibil',
  'error.migration_unreadable': 'Date :app nevalide sau ilizibile',
  'error.migration_no_format': 'Datele nu corespund niciunui format acceptat',
  'error.migration_encrypted': 'Ilizibile, datele par criptate',
  'error.migration_wrong_password': 'Parolă greșită, datele :app nu pot fi decriptate',
  'error.migration_unsupported_encryption': 'Setări de criptare :app neacceptate',
  'error.migration_unsupported_cipher':
    'Setări de criptare :app neacceptate: cifrul :cipher nu poate fi citit',
  'error.migration_use_export':
    'Aceasta pare a fi baza de date criptată a :app, care nu poate fi citită; exportați conturile din :app într-un fișier și importați acel fișier',
  'error.migration_account_key':
    'Acest export Bitwarden este criptat cu cheia contului tău și nu poate fi importat; exportă-l din nou cu o parolă sau necriptat',
  'error.file_upload_failed': 'Încărcarea fișierului a eșuat',
  'error.encryption_failed': 'Criptarea a eșuat, baza de date rămâne neprotejată.',
  'error.decryption_failed':
    'Decriptarea a eșuat, baza de date este în continuare protejată. Cauza este de obicei o problemă de integritate a datelor criptate ale unuia sau mai multor conturi.',
  'error.password_sign_in_off':
    'Autentificarea cu parolă este dezactivată pe acest server: autentificați-vă prin furnizorul de identitate.',
  'error.oidc_unavailable':
    'Furnizorul de identitate nu poate fi contactat acum. Încercați din nou mai târziu.',
  'error.identity_confirmation_required':
    'Confirmați-vă identitatea pentru a vedea acest conținut (parolă sau cheie de securitate).',
  'error.token_scope_required':
    'Tokenul tău nu poate face asta: are nevoie de domeniul ":scope" sau de unul mai larg.',
  'error.token_required':
    'Doar un token de acces personal se poate revoca singur; revocați tokenurile din Setări.',
  'error.session_required': 'Doar o sesiune autentificată poate face asta, nu un token de acces personal.',
  'error.device_authorization_pending':
    'Asocierea nu este încă aprobată: întreabă din nou peste câteva secunde.',
  'error.device_slow_down': 'Prea repede: așteaptă intervalul dintre două cereri.',
  'error.device_access_denied': 'Asocierea a fost refuzată.',
  'error.device_expired_token':
    'Acest cod de asociere este necunoscut, expirat sau deja folosit: începe din nou.',
  'validation.website': 'Câmpul :attribute trebuie să fie domeniul unui site, de exemplu github.com.',
  'error.wrong_password': 'Parolă greșită',
  'error.wrong_current_password': 'Parola actuală este greșită, nu s-a schimbat nimic',
  'error.user_deletion_failed': 'Ștergerea contului de utilizator a eșuat, nu a fost ștearsă nicio dată',
  'error.email_sending_failed': 'Trimiterea e-mailului a eșuat',
  'error.no_registered_user': 'niciun utilizator înregistrat',
  'error.cannot_register_more': 'Nu poți înregistra mai mult de un utilizator.',
  'error.wait_before_retrying': 'Așteaptă puțin înainte de a reîncerca.',
  'error.reset_user_not_found': 'Nu găsim niciun utilizator cu această adresă de e-mail.',
  'error.reset_token_invalid': 'Acest token de resetare a parolei nu este valid.',
  'error.invalid_recovery_token': 'Token de recuperare nevalid',
  'error.otp_without_secret': 'Nu se poate crea un OTP fără secret',
  'error.device_not_verified': 'Dispozitivul de securitate nu a putut fi verificat.',
  'error.webauthn_needs_device': 'Înregistrează cel puțin un dispozitiv pentru a activa aceste opțiuni',
  'error.group_reserved_name': 'Nume rezervat, alege altceva',
  'error.group_name_characters':
    'Folosește doar litere, cifre, cratime, liniuțe de subliniere, spații sau apostrofuri',
  'error.only_custom_setting_deletable': 'Doar setările create de utilizator pot fi șterse',
  'error.uri_alone': "Parametrul uri trebuie furnizat singur sau doar împreună cu parametrul 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Parola a fost schimbată',
  'success.reset_link_sent': 'Ți-am trimis pe e-mail linkul de resetare a parolei!',
  'success.password_reset': 'Parola ta a fost resetată!',
  'success.recovery_email_sent': 'E-mailul de recuperare a contului a fost trimis!',
  'success.device_registered': 'Dispozitivul a fost înregistrat',
  // Other texts
  'error.backup_password_missing':
    'Nu este setată nicio parolă pentru copiile de rezervă: setează una mai întâi în Setări → Copii de rezervă.',
  'error.backup_password_wrong': 'Parola actuală a copiilor de rezervă este greșită.',
  'breakglass.title': 'Twofold: copie de urgență',
  'breakglass.made': 'Creată la :date.',
  'breakglass.read_only':
    'O copie doar pentru citire a conturilor tale: nimic de aici nu le modifică. Funcționează offline și nu se conectează nicăieri.',
  'breakglass.password': 'Parola copiilor de rezervă',
  'breakglass.open': 'Deschide',
  'breakglass.wrong': 'Această parolă nu deschide acest fișier.',
  'breakglass.search': 'Caută',
  'breakglass.counter': 'Contor :counter',
  'breakglass.reveal': 'Arată nota și codurile de recuperare',
  'breakglass.note': 'Notă',
  'breakglass.recovery_codes': 'Coduri de recuperare',
  'breakglass.used': 'folosit',
  'breakglass.none': 'Niciun cont nu se potrivește.',
  'group.all': 'Toate',
  'account.invalid_account': '- cont nevalid -',
  'account.invalid_service': '- serviciu nevalid -',
  // E-mails
  'mail.greeting': 'Bună, :name,',
  'mail.password_reset.subject': ':app: resetează-ți parola',
  'mail.password_reset.intro':
    'Ai cerut resetarea parolei. Deschide acest link în cel mult 60 de minute pentru a alege una nouă:',
  'mail.password_reset.action': 'Resetează parola',
  'mail.password_reset.ignore': 'Dacă nu ai cerut acest lucru, ignoră mesajul: parola ta rămâne neschimbată.',
  'mail.webauthn_recovery.subject': ':app: înregistrează un dispozitiv de securitate nou',
  'mail.webauthn_recovery.intro':
    'Ai pierdut un dispozitiv de securitate. Deschide acest link în cel mult 60 de minute pentru a înregistra unul nou:',
  'mail.webauthn_recovery.action': 'Înregistrează un dispozitiv de securitate nou',
  'mail.webauthn_recovery.ignore': 'Dacă nu ai cerut acest lucru, ignoră mesajul.',
  // Alerts
  'validation.url': 'Câmpul :attribute trebuie să fie un URL valid.',
  'alert.new_device.title': 'Autentificare nouă în Twofold',
  'alert.new_device.body':
    'Autentificare de pe un dispozitiv nou: :browser pe :platform, adresa IP :ip. Dacă nu ați fost dumneavoastră, schimbați parola.',
  'alert.failed_sign_in.title': 'Autentificare eșuată în Twofold',
  'alert.failed_sign_in.body':
    'O autentificare de la adresa IP :ip a eșuat. Alte eșecuri din următoarele 15 minute nu sunt raportate.',
  'alert.token_created.title': 'Token de acces personal nou',
  'alert.token_created.body': 'A fost creat un token de acces personal numit „:name”.',
  'alert.security_device_added.title': 'Dispozitiv de securitate nou',
  'alert.security_device_added.body':
    'Un nou dispozitiv de securitate a fost înregistrat în contul dumneavoastră.',
  'alert.export.title': 'Conturi exportate',
  'alert.export.body':
    'Conturile dumneavoastră au fost exportate împreună cu secretele lor (format: :format).',
  'alert.backup_failed.title': 'Copia de rezervă programată a eșuat',
  'alert.backup_failed.body':
    'Copia de rezervă programată nu a putut fi scrisă. Verificați setările copiilor de rezervă.',
  'error.disk_full':
    'Spațiu insuficient pe discul de date al serverului (DATA_DIR): nu s-a salvat nimic. Eliberați spațiu și încercați din nou.',
  'alert.clock_skew.title': 'Ceasul serverului este greșit',
  'alert.clock_skew.body':
    'Ceasul serverului diferă cu :offset de dispozitivele care îl folosesc (+ înainte, − în urmă). Codurile calculate de server sunt greșite până când ora sa este corectată (NTP).',
  'alert.clock_skew.gone.title': 'Ceasul serverului este din nou corect',
  'alert.clock_skew.gone.body': 'Ceasul serverului concordă din nou cu dispozitivele sale.',
  'alert.disk_full.title': 'Discul serverului este plin',
  'alert.disk_full.body':
    'Discul de date al serverului (DATA_DIR) este plin: datele noi sunt refuzate până se eliberează spațiu. Nimic din ce era salvat nu s-a pierdut.',
  'alert.test.title': 'Alertă de test Twofold',
  'alert.test.body': 'Acest canal funcționează: Twofold vă poate trimite alerte aici.',
  'alert.alerts_changed.title': 'Setările alertelor au fost modificate',
  'alert.alerts_changed.body':
    'Setările alertelor dvs. au fost modificate (:changes). Dacă nu ați fost dvs., revocați tokenurile de acces personal și verificați Setări, Alerte.',
  'error.alert_url_password': 'Introduceți din nou parola din URL: cea salvată aparține adresei anterioare.',
};

/** Romanian names of the `:attribute` values, keyed by the English attribute. */
export const roAttributes: Readonly<Record<string, string>> = {
  account: 'cont',
  algorithm: 'algoritm',
  counter: 'contor',
  credential: 'date de autentificare',
  'current password': 'parola actuală',
  'custom otp': 'OTP personalizat',
  digits: 'cifre',
  email: 'adresă de e-mail',
  file: 'fișier',
  format: 'format',
  'group id': 'grup',
  icon: 'pictogramă',
  'icon pack': 'pachet de pictograme',
  key: 'cheie',
  label: 'etichetă',
  name: 'nume',
  'otp type': 'tip OTP',
  password: 'parolă',
  'password confirmation': 'confirmarea parolei',
  payload: 'date',
  period: 'perioadă',
  qrcode: 'cod QR',
  secret: 'secret',
  service: 'serviciu',
  token: 'token',
  value: 'valoare',
  variant: 'variantă',
};
